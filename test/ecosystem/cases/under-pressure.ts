// @fastify/under-pressure cases shared by its Fastify 4 major (8) and its Fastify 5 major (9):
// its status route, its decorators, and the 503 its onRequest hook sends when the health check
// fails.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

// The plugin types its decorators on FastifyInstance; on arbor they are plain properties.
type UnderPressureApp = {
  memoryUsage(): {
    eventLoopDelay: number
    rssBytes: number
    heapUsed: number
    eventLoopUtilized: number
  }
  isUnderPressure(): boolean
}

export function underPressureCases({ plugin, app: makeApp, label }: PluginCase): void {
  test(`${label}: exposeStatusRoute serves GET /status as { status: "ok" }`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { exposeStatusRoute: true })
    const res = await app.inject({ method: 'GET', url: '/status' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { status: 'ok' })
  })

  test(`${label}: the status route adds what a passing health check returns`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, {
      exposeStatusRoute: { url: '/alive', routeResponseSchemaOpts: { db: { type: 'string' } } },
      healthCheck: async () => ({ db: 'up', secret: 'not in the schema' }),
    })
    const res = await app.inject({ method: 'GET', url: '/alive' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { status: 'ok', db: 'up' })
  })

  test(`${label}: over real HTTP, the status route adds the health check's fields`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, {
      exposeStatusRoute: { url: '/alive', routeResponseSchemaOpts: { db: { type: 'string' } } },
      healthCheck: async () => ({ db: 'up', secret: 'not in the schema' }),
    })
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/alive`)
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { status: 'ok', db: 'up' })
  })

  test(`${label}: memoryUsage() and isUnderPressure() are decorated on the app`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin)
    const pressure = app as unknown as UnderPressureApp
    const usage = pressure.memoryUsage()
    assert.deepEqual(Object.keys(usage).sort(), [
      'eventLoopDelay',
      'eventLoopUtilized',
      'heapUsed',
      'rssBytes',
    ])
    for (const value of Object.values(usage)) assert.equal(typeof value, 'number')
    assert.equal(pressure.isUnderPressure(), false)
  })

  test(`${label}: a failing health check turns every route into 503 with retry-after`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, {
      healthCheck: async () => false,
      healthCheckInterval: 60_000,
      exposeStatusRoute: true,
      retryAfter: 7,
    })
    app.get('/', async () => 'served')
    assert.equal((app as unknown as UnderPressureApp).isUnderPressure(), true)
    for (const url of ['/', '/status']) {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 503, url)
      assert.equal(res.headers['retry-after'], '7')
      assert.deepEqual(res.json(), {
        statusCode: 503,
        code: 'FST_UNDER_PRESSURE',
        error: 'Service Unavailable',
        message: 'Service Unavailable',
      })
    }
  })

  test(`${label}: a pressureHandler replaces the 503 with its own reply`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, {
      healthCheck: async () => false,
      healthCheckInterval: 60_000,
      pressureHandler: (
        _request: unknown,
        reply: { code(n: number): { send(p: unknown): void } },
        type: string,
      ) => {
        reply.code(429).send({ busy: type })
      },
    })
    app.get('/', async () => 'served')
    const res = await app.inject({ method: 'GET', url: '/' })
    assert.equal(res.statusCode, 429)
    assert.deepEqual(res.json(), { busy: 'healthCheck' })
  })
}
