// Line table row `nullPrototypeParams` (docs/fastify-lines.md): request.params is a plain object
// in the Fastify 4 line, as Fastify 4.25's (an application may call params.hasOwnProperty), and
// has a null prototype in the Fastify 5 line, as Fastify 5's.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

function paramsApp(fastifyLine: 4 | 5) {
  const app = arbor({ fastifyLine })
  const describe = (params: unknown) => ({
    plain: Object.getPrototypeOf(params) === Object.prototype,
    hasOwnProperty: typeof (params as { hasOwnProperty?: unknown }).hasOwnProperty,
    params,
  })
  app.get('/items/:id', async (request) => describe(request.params))
  app.get('/static', async (request) => describe(request.params))
  app.get('/files/*', async (request) => describe(request.params))
  return app
}

test('nullPrototypeParams, Fastify 4 line: request.params is a plain object', async (t) => {
  const app = paramsApp(4)
  t.after(() => app.close())
  assert.deepEqual((await app.inject('/items/7')).json(), {
    plain: true,
    hasOwnProperty: 'function',
    params: { id: '7' },
  })
  assert.equal((await app.inject('/static')).json().plain, true)
  assert.deepEqual((await app.inject('/files/a/b')).json().params, { '*': 'a/b' })
})

test('nullPrototypeParams, Fastify 5 line: request.params has a null prototype', async (t) => {
  const app = paramsApp(5)
  t.after(() => app.close())
  const res = (await app.inject('/items/7')).json()
  assert.deepEqual(res, { plain: false, hasOwnProperty: 'undefined', params: { id: '7' } })
  assert.equal((await app.inject('/static')).json().plain, false)
})

test('nullPrototypeParams: a params schema validates and coerces in both lines', async (t) => {
  for (const fastifyLine of [4, 5] as const) {
    const app = arbor({ fastifyLine })
    t.after(() => app.close())
    const schema = { params: { type: 'object', properties: { id: { type: 'integer' } } } }
    app.get('/n/:id', { schema }, async (request) => request.params)
    assert.deepEqual((await app.inject('/n/42')).json(), { id: 42 })
    assert.equal((await app.inject('/n/x')).statusCode, 400)
  }
})
