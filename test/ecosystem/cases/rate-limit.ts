// @fastify/rate-limit cases shared by its Fastify 4 major (9) and its Fastify 5 major (11): the
// global limit from its onRequest hook, the per-route limit read from route config, a limiter
// used as a hook, and the 429 it sends through arbor's error path.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

export function rateLimitCases({ plugin, app: makeApp, label }: PluginCase): void {
  const tooMany = {
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Rate limit exceeded, retry in 1 minute',
  }
  /** Seconds left in the one-minute window: 60 unless the machine took over a second. */
  function assertRetryAfter(value: unknown): void {
    const retryAfter = Number(value)
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, String(value))
  }

  test(`${label}: the request past the limit gets 429 with retry-after`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { max: 2, timeWindow: '1 minute' })
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
    assertRetryAfter(third.headers['retry-after'])
    assert.deepEqual(third.json(), tooMany)
  })

  test(`${label}: over real HTTP the request past the limit gets 429`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { max: 2, timeWindow: '1 minute' })
    app.get('/', async () => ({ ok: true }))
    const port = await listenLocal(app)
    const request = () => fetch(`http://127.0.0.1:${port}/`)
    const first = await request()
    assert.equal(first.status, 200)
    assert.equal(first.headers.get('x-ratelimit-limit'), '2')
    assert.equal(first.headers.get('x-ratelimit-remaining'), '1')
    await first.arrayBuffer()
    const second = await request()
    assert.equal(second.headers.get('x-ratelimit-remaining'), '0')
    await second.arrayBuffer()
    const third = await request()
    assert.equal(third.status, 429)
    assertRetryAfter(third.headers.get('retry-after'))
    assert.deepEqual(await third.json(), tooMany)
  })

  // One request a minute for each x-client header.
  const onePerClient = {
    max: 1,
    timeWindow: 60_000,
    keyGenerator: (request: { headers: Record<string, unknown> }) =>
      String(request.headers['x-client']),
  }

  test(`${label}: clients are counted apart by their key`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, {
      ...onePerClient,
    })
    app.get('/', async () => 'ok')
    const as = (client: string) => app.inject({ url: '/', headers: { 'x-client': client } })
    assert.equal((await as('a')).statusCode, 200)
    assert.equal((await as('a')).statusCode, 429)
    assert.equal((await as('b')).statusCode, 200)
  })

  test(`${label}: with global false only a route with config.rateLimit is limited`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { global: false })
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

  test(`${label}: app.rateLimit() builds a limiter used as a hook`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { global: false })
    const limiter = (app as unknown as { rateLimit(o: object): never }).rateLimit({
      max: 1,
      timeWindow: 60_000,
    })
    app.get('/hooked', { onRequest: limiter }, async () => 'hooked')
    assert.equal((await app.inject({ url: '/hooked' })).statusCode, 200)
    assert.equal((await app.inject({ url: '/hooked' })).statusCode, 429)
  })

  test(`${label}: errorResponseBuilder shapes the 429, allowList is never limited`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, {
      ...onePerClient,
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
