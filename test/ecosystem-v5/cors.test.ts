// @fastify/cors 11 (the Fastify 5 major) on arbor, in both lines: the preflight route it adds,
// the headers its hook sets on a simple request, over inject and over real HTTP.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import cors from '@fastify/cors-v5'
import { lines, overHttp } from './lines.ts'

for (const line of lines) {
  async function build(options: Record<string, unknown>) {
    const app = line.app()
    await app.register(cors, options)
    app.get('/items', async () => ({ items: [] }))
    app.post('/items', async () => ({ created: true }))
    return app
  }

  test(`@fastify/cors 11 (${line.name}): a preflight OPTIONS gets allow-origin and allow-methods`, async (t) => {
    const app = await build({ origin: 'https://app.example', methods: ['GET', 'POST'] })
    t.after(() => app.close())
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/items',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    })
    assert.equal(res.statusCode, 204)
    assert.equal(res.headers['access-control-allow-origin'], 'https://app.example')
    assert.equal(res.headers['access-control-allow-methods'], 'GET, POST')
  })

  test(`@fastify/cors 11 (${line.name}): over HTTP an allowed origin is echoed, another is not`, async (t) => {
    const app = await build({ origin: ['https://app.example'], credentials: true })
    t.after(() => app.close())
    const request = await overHttp(app)
    const allowed = await request('/items', { headers: { origin: 'https://app.example' } })
    assert.equal(allowed.status, 200)
    assert.deepEqual(await allowed.json(), { items: [] })
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://app.example')
    assert.equal(allowed.headers.get('access-control-allow-credentials'), 'true')
    assert.equal(allowed.headers.get('vary'), 'Origin')
    const refused = await request('/items', { headers: { origin: 'https://evil.example' } })
    assert.equal(refused.status, 200)
    await refused.arrayBuffer()
    assert.equal(refused.headers.get('access-control-allow-origin'), null)
    const preflight = await request('/items', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://app.example')
  })

  test(`@fastify/cors 11 (${line.name}): a delegator decides the options per request`, async (t) => {
    const app = await build({
      delegator: (
        request: { headers: Record<string, string | undefined> },
        cb: (err: Error | null, options: object) => void,
      ) => cb(null, { origin: request.headers['x-tenant'] === 'trusted' }),
    })
    t.after(() => app.close())
    const trusted = await app.inject({
      url: '/items',
      headers: { origin: 'https://a.example', 'x-tenant': 'trusted' },
    })
    assert.equal(trusted.headers['access-control-allow-origin'], 'https://a.example')
    const other = await app.inject({ url: '/items', headers: { origin: 'https://a.example' } })
    assert.equal(other.headers['access-control-allow-origin'], undefined)
  })

  test(`@fastify/cors 11 (${line.name}): hook preHandler sets the headers after a route's own onRequest`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(cors, { origin: true, hook: 'preHandler' })
    app.get(
      '/late',
      {
        onRequest: async (_request, reply) => {
          reply.header('x-seen-cors', String(reply.getHeader('access-control-allow-origin')))
        },
      },
      async () => 'late',
    )
    const res = await app.inject({ url: '/late', headers: { origin: 'https://b.example' } })
    assert.equal(res.body, 'late')
    assert.equal(res.headers['x-seen-cors'], 'undefined', 'not set yet at onRequest')
    assert.equal(res.headers['access-control-allow-origin'], 'https://b.example')
  })
}
