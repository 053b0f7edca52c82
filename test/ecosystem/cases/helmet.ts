// @fastify/helmet cases shared by its Fastify 4 major (11) and its Fastify 5 major (13): the
// security headers it adds from an onRequest hook, options, the per-route opt-out, and the
// nonces of reply.cspNonce.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

type NonceReply = { cspNonce: { script: string; style: string } }

export interface HelmetCase extends PluginCase {
  /** The default Strict-Transport-Security max-age of the major (helmet 13 raised it). */
  hstsMaxAge: number
}

export function helmetCases({ plugin, app: makeApp, label, hstsMaxAge }: HelmetCase): void {
  const defaults = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'strict-transport-security': `max-age=${hstsMaxAge}; includeSubDomains`,
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  }

  test(`${label}: every reply carries the default security headers`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin)
    app.get('/', async () => ({ ok: true }))
    const res = await app.inject({ method: 'GET', url: '/' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { ok: true })
    assert.match(String(res.headers['content-security-policy']), /default-src 'self'/)
    for (const [name, value] of Object.entries(defaults)) assert.equal(res.headers[name], value)
  })

  test(`${label}: replies over real HTTP carry the default security headers`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin)
    app.get('/', async () => ({ ok: true }))
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/`)
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { ok: true })
    assert.match(String(res.headers.get('content-security-policy')), /default-src 'self'/)
    for (const [name, value] of Object.entries(defaults)) {
      assert.equal(res.headers.get(name), value)
    }
  })

  test(`${label}: options reach the headers, and a 404 is covered too`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { frameguard: { action: 'deny' }, contentSecurityPolicy: false })
    app.get('/', async () => 'hi')
    const res = await app.inject({ method: 'GET', url: '/missing' })
    assert.equal(res.statusCode, 404)
    assert.equal(res.headers['x-frame-options'], 'DENY')
    assert.equal(res.headers['content-security-policy'], undefined)
  })

  test(`${label}: a route with helmet false gets no helmet headers`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin)
    // `helmet` is a route option the plugin adds to Fastify's RouteShorthandOptions.
    app.get('/plain', { helmet: false } as Record<string, unknown>, async () => 'plain')
    app.get('/guarded', async () => 'guarded')
    const plain = await app.inject({ method: 'GET', url: '/plain' })
    assert.equal(plain.body, 'plain')
    assert.equal(plain.headers['x-content-type-options'], undefined)
    const guarded = await app.inject({ method: 'GET', url: '/guarded' })
    assert.equal(guarded.headers['x-content-type-options'], 'nosniff')
  })

  test(`${label}: enableCSPNonces puts reply.cspNonce in the policy`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { enableCSPNonces: true })
    app.get('/', async (_request, reply) => (reply as unknown as NonceReply).cspNonce)
    const res = await app.inject({ method: 'GET', url: '/' })
    const { script, style } = res.json() as NonceReply['cspNonce']
    const policy = String(res.headers['content-security-policy'])
    assert.ok(script.length > 0 && style.length > 0)
    assert.match(policy, new RegExp(`script-src [^;]*'nonce-${script}'`))
    assert.match(policy, new RegExp(`style-src [^;]*'nonce-${style}'`))
  })
}
