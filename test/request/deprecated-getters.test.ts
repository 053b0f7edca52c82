// Fastify 4's deprecated request getters still answer, and warn once each with their codes.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

test('routeConfig, routeSchema, routerPath and routerMethod answer and warn FSTDEP015-018 once', async (t) => {
  const warnings: string[] = []
  const onWarning = (w: Error & { code?: string }) => {
    if (w.name === 'DeprecationWarning') warnings.push(w.code ?? '')
  }
  process.on('warning', onWarning)
  t.after(() => process.off('warning', onWarning))
  const app = arbor()
  t.after(() => app.close())
  const schema = { params: { type: 'object', properties: { id: { type: 'integer' } } } }
  app.get('/test/:id', { schema, config: { tag: 'a' } }, async (request) => ({
    config: request.routeConfig,
    schema: request.routeSchema,
    path: request.routerPath,
    method: request.routerMethod,
  }))
  const first = await app.inject('/test/1')
  assert.deepEqual(first.json(), {
    config: { tag: 'a', url: '/test/:id', method: 'GET' },
    schema,
    path: '/test/:id',
    method: 'GET',
  })
  await app.inject('/test/2')
  await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual(warnings.sort(), ['FSTDEP015', 'FSTDEP016', 'FSTDEP017', 'FSTDEP018'])
})
