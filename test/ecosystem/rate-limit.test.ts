// @fastify/rate-limit 9 on arbor: the global limit from its onRequest hook, the per-route
// limit read from route config, and the 429 it sends through arbor's error path.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import rateLimit from '@fastify/rate-limit'
import arbor from '../../src/index.ts'

test('@fastify/rate-limit: the request past the limit gets 429 with retry-after', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(rateLimit, { max: 2, timeWindow: '1 minute' })
  app.get('/', async () => ({ ok: true }))

  const first = await app.inject({ method: 'GET', url: '/' })
  assert.equal(first.statusCode, 200)
  assert.equal(first.headers['x-ratelimit-limit'], '2')
  assert.equal(first.headers['x-ratelimit-remaining'], '1')
  const second = await app.inject({ method: 'GET', url: '/' })
  assert.equal(second.statusCode, 200)
  assert.equal(second.headers['x-ratelimit-remaining'], '0')

  const third = await app.inject({ method: 'GET', url: '/' })
  assert.equal(third.statusCode, 429)
  // Seconds left in the one-minute window: 60 unless the machine took over a second.
  const retryAfter = Number(third.headers['retry-after'])
  assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, String(retryAfter))
  assert.deepEqual(third.json(), {
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Rate limit exceeded, retry in 1 minute',
  })
})

test('@fastify/rate-limit: clients are counted apart by their key', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(rateLimit, {
    max: 1,
    timeWindow: 60_000,
    keyGenerator: (request: { headers: Record<string, unknown> }) =>
      String(request.headers['x-client']),
  })
  app.get('/', async () => 'ok')
  const as = (client: string) => app.inject({ url: '/', headers: { 'x-client': client } })
  assert.equal((await as('a')).statusCode, 200)
  assert.equal((await as('a')).statusCode, 429)
  assert.equal((await as('b')).statusCode, 200)
})

test('@fastify/rate-limit: with global false only a route with config.rateLimit is limited', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(rateLimit, { global: false })
  app.get('/login', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => 'login')
  app.get('/free', async () => 'free')

  assert.equal((await app.inject({ url: '/login' })).statusCode, 200)
  assert.equal((await app.inject({ url: '/login' })).statusCode, 429)
  for (let i = 0; i < 3; i++) {
    const free = await app.inject({ url: '/free' })
    assert.equal(free.statusCode, 200)
    assert.equal(free.headers['x-ratelimit-limit'], undefined)
  }
})
