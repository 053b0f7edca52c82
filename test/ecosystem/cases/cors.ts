// @fastify/cors cases shared by its Fastify 4 major (9) and its Fastify 5 major (11): the
// preflight route it adds and the headers its hook sets on a simple request, over inject and
// over real HTTP.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

export function corsCases({ plugin, app: makeApp, label }: PluginCase): void {
  // Registered without await: inject and listen wait for the plugin to load.
  function build(options: Record<string, unknown>) {
    const app = makeApp()
    app.register(plugin, options)
    app.get('/items', async () => ({ items: [] }))
    app.post('/items', async () => ({ created: true }))
    return app
  }

  test(`${label}: a preflight OPTIONS gets access-control-allow-origin and allow-methods`, async (t) => {
    const app = build({ origin: 'https://app.example', methods: ['GET', 'POST'] })
    t.after(() => app.close())
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/items',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
      },
    })
    assert.equal(res.statusCode, 204)
    assert.equal(res.headers['access-control-allow-origin'], 'https://app.example')
    assert.equal(res.headers['access-control-allow-methods'], 'GET, POST')
  })

  test(`${label}: a simple GET from an allowed origin gets the origin header, others do not`, async (t) => {
    const app = build({ origin: ['https://app.example'], credentials: true })
    t.after(() => app.close())
    const allowed = await app.inject({
      method: 'GET',
      url: '/items',
      headers: { origin: 'https://app.example' },
    })
    assert.equal(allowed.statusCode, 200)
    assert.deepEqual(allowed.json(), { items: [] })
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example')
    assert.equal(allowed.headers['access-control-allow-credentials'], 'true')
    assert.equal(allowed.headers.vary, 'Origin')

    const refused = await app.inject({
      method: 'GET',
      url: '/items',
      headers: { origin: 'https://evil.example' },
    })
    assert.equal(refused.statusCode, 200)
    assert.equal(refused.headers['access-control-allow-origin'], undefined)
  })

  test(`${label}: over real HTTP an allowed origin is echoed, another is not, a preflight answers`, async (t) => {
    const app = build({ origin: ['https://app.example'], credentials: true })
    t.after(() => app.close())
    const port = await listenLocal(app)
    const request = (init: RequestInit) => fetch(`http://127.0.0.1:${port}/items`, init)
    const allowed = await request({ headers: { origin: 'https://app.example' } })
    assert.equal(allowed.status, 200)
    assert.deepEqual(await allowed.json(), { items: [] })
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://app.example')
    assert.equal(allowed.headers.get('access-control-allow-credentials'), 'true')
    assert.equal(allowed.headers.get('vary'), 'Origin')
    const refused = await request({ headers: { origin: 'https://evil.example' } })
    assert.equal(refused.status, 200)
    await refused.arrayBuffer()
    assert.equal(refused.headers.get('access-control-allow-origin'), null)
    const preflight = await request({
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://app.example')
  })

  test(`${label}: a dynamic origin callback decides per request`, async (t) => {
    const app = build({
      origin: (origin: string | undefined, cb: (err: Error | null, allow: boolean) => void) => {
        cb(null, origin?.endsWith('.trusted.example') === true)
      },
    })
    t.after(() => app.close())
    const trusted = await app.inject({
      url: '/items',
      headers: { origin: 'https://a.trusted.example' },
    })
    assert.equal(trusted.headers['access-control-allow-origin'], 'https://a.trusted.example')
    const untrusted = await app.inject({
      url: '/items',
      headers: { origin: 'https://other.example' },
    })
    assert.equal(untrusted.headers['access-control-allow-origin'], undefined)
  })

  test(`${label}: a delegator decides the options per request`, async (t) => {
    const app = build({
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

  test(`${label}: hook preHandler sets the headers after a route's own onRequest`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { origin: true, hook: 'preHandler' })
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
