// @fastify/under-pressure 9 (the Fastify 5 major) on arbor, in both lines: its status route,
// its decorators, and the 503 its onRequest hook sends when the health check fails.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import underPressure from '@fastify/under-pressure-v5'
import { lines, overHttp } from './lines.ts'

// The plugin types its decorators on FastifyInstance; on arbor they are plain properties.
type UnderPressureApp = {
  memoryUsage(): Record<string, number>
  isUnderPressure(): boolean
}

for (const line of lines) {
  test(`@fastify/under-pressure 9 (${line.name}): over HTTP the status route adds the health check's fields`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(underPressure, {
      exposeStatusRoute: { url: '/alive', routeResponseSchemaOpts: { db: { type: 'string' } } },
      healthCheck: async () => ({ db: 'up', secret: 'not in the schema' }),
    })
    const request = await overHttp(app)
    const res = await request('/alive')
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { status: 'ok', db: 'up' })
  })

  test(`@fastify/under-pressure 9 (${line.name}): memoryUsage() and isUnderPressure() are decorated`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(underPressure)
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

  test(`@fastify/under-pressure 9 (${line.name}): a failing health check turns routes into 503`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(underPressure, {
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
}
