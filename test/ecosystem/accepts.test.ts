// @fastify/accepts 4 on arbor: request.accepts() and the reply.request* shortcuts negotiate
// from the request's Accept headers.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import accepts from '@fastify/accepts'
import arbor from '../../src/index.ts'

// The plugin types its decorators on FastifyRequest / FastifyReply; on arbor they are plain
// properties, reached through these narrow views.
type AcceptsRequest = {
  accepts(): { type(types: string[]): string | false }
  languages(): string[]
}
type AcceptsReply = { requestEncodings(): string[] }

async function build() {
  const app = arbor()
  await app.register(accepts, { decorateReply: true })
  app.get('/report', async (request, reply) => {
    const type = (request as unknown as AcceptsRequest).accepts().type(['json', 'html'])
    if (type === 'html') {
      reply.type('text/html')
      return '<h1>report</h1>'
    }
    if (type === 'json') return { report: true }
    reply.code(406)
    return { error: 'not acceptable' }
  })
  app.get('/languages', async (request) => (request as unknown as AcceptsRequest).languages())
  app.get('/encodings', async (_request, reply) =>
    (reply as unknown as AcceptsReply).requestEncodings(),
  )
  return app
}

test('@fastify/accepts: request.accepts().type() picks the representation the client prefers', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const html = await app.inject({
    url: '/report',
    headers: { accept: 'text/html,application/json;q=0.5' },
  })
  assert.equal(html.body, '<h1>report</h1>')
  assert.match(String(html.headers['content-type']), /^text\/html/)
  const json = await app.inject({ url: '/report', headers: { accept: 'application/json' } })
  assert.deepEqual(json.json(), { report: true })
  const none = await app.inject({ url: '/report', headers: { accept: 'image/png' } })
  assert.equal(none.statusCode, 406)
})

test('@fastify/accepts: request.languages() and, with decorateReply, reply.requestEncodings() list by preference', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const languages = await app.inject({
    url: '/languages',
    headers: { 'accept-language': 'fr;q=0.4, en-GB, de;q=0.8' },
  })
  assert.deepEqual(languages.json(), ['en-GB', 'de', 'fr'])
  const encodings = await app.inject({
    url: '/encodings',
    headers: { 'accept-encoding': 'br;q=0.5, gzip' },
  })
  assert.deepEqual(encodings.json(), ['gzip', 'br', 'identity'])
})
