// @fastify/rate-limit 11 (the Fastify 5 major) on arbor, in both lines: the global limit, a
// route's own limit from its config, and the 429 it sends through arbor's error path.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import rateLimit from '@fastify/rate-limit-v5'
import { lines, overHttp } from './lines.ts'

for (const line of lines) {
  test(`@fastify/rate-limit 11 (${line.name}): over HTTP the request past the limit gets 429`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(rateLimit, { max: 2, timeWindow: '1 minute' })
    app.get('/', async () => ({ ok: true }))
    const request = await overHttp(app)
    const first = await request('/')
    assert.equal(first.status, 200)
    assert.equal(first.headers.get('x-ratelimit-limit'), '2')
    assert.equal(first.headers.get('x-ratelimit-remaining'), '1')
    await first.arrayBuffer()
    const second = await request('/')
    assert.equal(second.headers.get('x-ratelimit-remaining'), '0')
    await second.arrayBuffer()
    const third = await request('/')
    assert.equal(third.status, 429)
    const retryAfter = Number(third.headers.get('retry-after'))
    assert.ok(
      Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60,
      String(retryAfter),
    )
    assert.deepEqual(await third.json(), {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Rate limit exceeded, retry in 1 minute',
    })
  })

  test(`@fastify/rate-limit 11 (${line.name}): clients are counted apart by their key`, async (t) => {
    const app = line.app()
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

  test(`@fastify/rate-limit 11 (${line.name}): with global false only a route with config.rateLimit is limited`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(rateLimit, { global: false })
    app.get('/login', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => 'in')
    app.get('/free', async () => 'free')
    assert.equal((await app.inject({ url: '/login' })).statusCode, 200)
    assert.equal((await app.inject({ url: '/login' })).statusCode, 429)
    for (let i = 0; i < 3; i++) {
      const free = await app.inject({ url: '/free' })
      assert.equal(free.statusCode, 200)
      assert.equal(free.headers['x-ratelimit-limit'], undefined)
    }
  })

  test(`@fastify/rate-limit 11 (${line.name}): app.rateLimit() builds a limiter used as a hook`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(rateLimit, { global: false })
    const limiter = (app as unknown as { rateLimit(o: object): never }).rateLimit({
      max: 1,
      timeWindow: 60_000,
    })
    app.get('/hooked', { onRequest: limiter }, async () => 'hooked')
    assert.equal((await app.inject({ url: '/hooked' })).statusCode, 200)
    assert.equal((await app.inject({ url: '/hooked' })).statusCode, 429)
  })

  test(`@fastify/rate-limit 11 (${line.name}): errorResponseBuilder shapes the 429, allowList is never limited`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(rateLimit, {
      max: 1,
      timeWindow: 60_000,
      keyGenerator: (request: { headers: Record<string, unknown> }) =>
        String(request.headers['x-client']),
      allowList: (_request: unknown, key: string) => key === 'internal',
      errorResponseBuilder: (_request: unknown, context: { max: number; after: string }) => ({
        statusCode: 429,
        code: 'SLOW_DOWN',
        message: `only ${context.max} per window, again in ${context.after}`,
      }),
    })
    app.get('/', async () => 'ok')
    const as = (client: string) => app.inject({ url: '/', headers: { 'x-client': client } })
    assert.equal((await as('a')).statusCode, 200)
    const limited = await as('a')
    assert.equal(limited.statusCode, 429)
    assert.equal(limited.json().code, 'SLOW_DOWN')
    assert.equal(limited.json().message, 'only 1 per window, again in 1 minute')
    for (let i = 0; i < 3; i++) assert.equal((await as('internal')).statusCode, 200)
  })
}
