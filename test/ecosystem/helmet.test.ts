// @fastify/helmet 11 on arbor: the security headers it adds from an onRequest hook, and the
// per-route opt-out through route config.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import helmet from '@fastify/helmet'
import arbor from '../../src/index.ts'

test('@fastify/helmet: every reply carries the default security headers', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(helmet)
  app.get('/', async () => ({ ok: true }))
  const res = await app.inject({ method: 'GET', url: '/' })
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json(), { ok: true })
  assert.match(String(res.headers['content-security-policy']), /default-src 'self'/)
  assert.equal(res.headers['x-content-type-options'], 'nosniff')
  assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN')
  assert.equal(res.headers['strict-transport-security'], 'max-age=15552000; includeSubDomains')
  assert.equal(res.headers['cross-origin-opener-policy'], 'same-origin')
  assert.equal(res.headers['referrer-policy'], 'no-referrer')
})

test('@fastify/helmet: options reach the headers, and a 404 is covered too', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(helmet, { frameguard: { action: 'deny' }, contentSecurityPolicy: false })
  app.get('/', async () => 'hi')
  const res = await app.inject({ method: 'GET', url: '/missing' })
  assert.equal(res.statusCode, 404)
  assert.equal(res.headers['x-frame-options'], 'DENY')
  assert.equal(res.headers['content-security-policy'], undefined)
})

test('@fastify/helmet: a route with config.helmet false gets no helmet headers', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(helmet)
  // `helmet` is a route option the plugin adds to Fastify's RouteShorthandOptions.
  app.get('/plain', { helmet: false } as Record<string, unknown>, async () => 'plain')
  app.get('/guarded', async () => 'guarded')
  const plain = await app.inject({ method: 'GET', url: '/plain' })
  assert.equal(plain.body, 'plain')
  assert.equal(plain.headers['x-content-type-options'], undefined)
  const guarded = await app.inject({ method: 'GET', url: '/guarded' })
  assert.equal(guarded.headers['x-content-type-options'], 'nosniff')
})
