// The app bench/soak/run.ts loads: the shape of examples/ (a root route, a prefixed plugin with
// its own decorator) plus a JSON body schema and a route with a typed parameter. Prints
// {"port":<n>} once listening; exits cleanly on SIGTERM.
import type { AddressInfo } from 'node:net'
import arbor, { type ArborInstance } from '../../src/index.ts'

const app = arbor()

app.get('/', async () => ({ hello: 'world' }))

app.post<{ Body: { name: string; age?: number } }>(
  '/users',
  {
    schema: {
      body: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1 },
          age: { type: 'integer', minimum: 0 },
        },
      },
      response: {
        201: {
          type: 'object',
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
      },
    },
  },
  async (request, reply) => {
    const { name } = request.body
    reply.code(201)
    return { id: 1, name }
  },
)

app.get<{ Params: { id: number } }>(
  '/users/:id',
  { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } },
  async (request) => ({ id: request.params.id }),
)

app.register(
  async (child: ArborInstance) => {
    child.decorateRequest('user', 'guest')
    child.get('/me', async (request) => ({ user: (request as unknown as { user: string }).user }))
  },
  { prefix: '/v1' },
)

// Read by the soak runner between load samples; not part of the traffic mix. With ?gc=1 (and
// node --expose-gc) a full collection runs first, so heapUsed is what is still reachable.
const gc = (globalThis as { gc?: () => void }).gc
app.get<{ Querystring: { gc?: string } }>('/_soak/memory', async (request) => {
  if (request.query.gc === '1') gc?.()
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
})

process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
})

await app.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ port: (app.server.address() as AddressInfo).port }))
