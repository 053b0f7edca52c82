// Type tests: Fastify 5's routerOptions, findRoute(), genReqId and setGenReqId.
import type { IncomingMessage } from 'node:http'
import arbor, { type FoundRoute } from '../../src/index.ts'
import { expectType } from './expect.ts'

const app = arbor({
  routerOptions: {
    ignoreTrailingSlash: true,
    useSemicolonDelimiter: false,
    querystringParser: (query) => ({ query }),
    onMaxParamLength(path, _req, res) {
      expectType<string>()(path)
      res.end()
    },
  },
  requestIdHeader: true,
})
// @ts-expect-error a router option has its type inside routerOptions too
arbor({ routerOptions: { maxParamLength: 'long' } })

expectType<FoundRoute | null>()(app.findRoute({ method: 'get', url: '/users/:id' }))
expectType<boolean>()(app.hasRoute({ method: 'GET', url: '/users/:id' }))
expectType<(req: IncomingMessage) => string>()(app.genReqId)
app.register(async (scoped) => {
  expectType<typeof scoped>()(scoped.setGenReqId(() => 'id'))
})
// @ts-expect-error setGenReqId takes a generator function
app.setGenReqId('id')
