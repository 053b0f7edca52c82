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

test('request.context and reply.context give the route config and schema and warn FSTDEP012 and FSTDEP019', async (t) => {
  const warnings: string[] = []
  const onWarning = (w: Error & { code?: string }) => {
    if (w.name === 'DeprecationWarning') warnings.push(w.code ?? '')
  }
  process.on('warning', onWarning)
  t.after(() => process.off('warning', onWarning))
  const app = arbor()
  t.after(() => app.close())
  const schema = { querystring: { type: 'object', properties: { q: { type: 'string' } } } }
  app.get('/ctx', { schema, config: { tag: 'b' } }, async (request, reply) => ({
    request: request.context,
    reply: reply.context,
  }))
  const res = await app.inject('/ctx')
  const expected = { config: { tag: 'b', url: '/ctx', method: 'GET' }, schema }
  assert.deepEqual(res.json(), { request: expected, reply: expected })
  await app.inject('/ctx')
  await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual(warnings.sort(), ['FSTDEP012', 'FSTDEP019'])
})

test('reply.getResponseTime() answers without a warning, as in Fastify 4.25', async (t) => {
  const warnings: string[] = []
  const onWarning = (w: Error & { code?: string }) => {
    warnings.push(w.code ?? w.name)
  }
  process.on('warning', onWarning)
  t.after(() => process.off('warning', onWarning))
  const app = arbor()
  t.after(() => app.close())
  app.get('/', async (_request, reply) => ({ time: typeof reply.getResponseTime() }))
  const res = await app.inject('/')
  assert.deepEqual(res.json(), { time: 'number' })
  await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual(warnings, [])
})

test('request.connection is the socket and warns FSTDEP005 once', async (t) => {
  const warnings: string[] = []
  const onWarning = (w: Error & { code?: string }) => {
    if (w.name === 'DeprecationWarning') warnings.push(w.code ?? '')
  }
  process.on('warning', onWarning)
  t.after(() => process.off('warning', onWarning))
  const app = arbor()
  t.after(() => app.close())
  app.get('/', async (request) => ({ same: request.connection === request.socket }))
  assert.deepEqual((await app.inject('/')).json(), { same: true })
  await app.inject('/')
  await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual(warnings, ['FSTDEP005'])
})
