// @fastify/helmet 13 (the Fastify 5 major) on arbor, in both lines: the security headers its
// onRequest hook sets, options, the per-route opt-out, and the nonces of reply.cspNonce.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import helmet from '@fastify/helmet-v5'
import { lines, overHttp } from './lines.ts'

type NonceReply = { cspNonce: { script: string; style: string } }

for (const line of lines) {
  test(`@fastify/helmet 13 (${line.name}): replies over HTTP carry the default security headers`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(helmet)
    app.get('/', async () => ({ ok: true }))
    const request = await overHttp(app)
    const res = await request('/')
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { ok: true })
    assert.match(String(res.headers.get('content-security-policy')), /default-src 'self'/)
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(res.headers.get('x-frame-options'), 'SAMEORIGIN')
    assert.equal(
      res.headers.get('strict-transport-security'),
      'max-age=31536000; includeSubDomains',
    )
    assert.equal(res.headers.get('cross-origin-opener-policy'), 'same-origin')
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer')
  })

  test(`@fastify/helmet 13 (${line.name}): options reach the headers, a 404 is covered too`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(helmet, { frameguard: { action: 'deny' }, contentSecurityPolicy: false })
    app.get('/', async () => 'hi')
    const res = await app.inject({ method: 'GET', url: '/missing' })
    assert.equal(res.statusCode, 404)
    assert.equal(res.headers['x-frame-options'], 'DENY')
    assert.equal(res.headers['content-security-policy'], undefined)
  })

  test(`@fastify/helmet 13 (${line.name}): helmet false on a route turns its headers off`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(helmet)
    // `helmet` is a route option the plugin adds to Fastify's route types.
    app.get('/plain', { helmet: false } as Record<string, unknown>, async () => 'plain')
    app.get('/guarded', async () => 'guarded')
    const plain = await app.inject({ method: 'GET', url: '/plain' })
    assert.equal(plain.body, 'plain')
    assert.equal(plain.headers['x-content-type-options'], undefined)
    const guarded = await app.inject({ method: 'GET', url: '/guarded' })
    assert.equal(guarded.headers['x-content-type-options'], 'nosniff')
  })

  test(`@fastify/helmet 13 (${line.name}): enableCSPNonces puts reply.cspNonce in the policy`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(helmet, { enableCSPNonces: true })
    app.get('/', async (_request, reply) => (reply as unknown as NonceReply).cspNonce)
    const res = await app.inject({ method: 'GET', url: '/' })
    const { script, style } = res.json() as NonceReply['cspNonce']
    const policy = String(res.headers['content-security-policy'])
    assert.ok(script.length > 0 && style.length > 0)
    assert.match(policy, new RegExp(`script-src [^;]*'nonce-${script}'`))
    assert.match(policy, new RegExp(`style-src [^;]*'nonce-${style}'`))
  })
}
