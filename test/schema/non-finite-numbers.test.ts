import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

// Ajv's coercion turns "1e400" and "Infinity" into Infinity after its type check; the default
// validator checks again (src/schema/finite-numbers.ts). Issue 13.
describe('a non-finite number fails its type, coerced or not', () => {
  function app(options: Parameters<typeof arbor>[0] = {}) {
    const instance = arbor(options)
    instance.get(
      '/items',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              limit: { type: 'integer', minimum: 1, maximum: 100 },
              ratio: { type: ['number', 'null'] },
              ids: { type: 'array', items: { type: 'number' } },
            },
          },
        },
      },
      async (request) => request.query,
    )
    return instance
  }

  test("'1e400' for an integer with a maximum: 400 FST_ERR_VALIDATION 'should be integer', not a pass", async (t) => {
    const instance = app()
    t.after(() => instance.close())
    const res = await instance.inject('/items?limit=1e400')
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'querystring/limit should be integer',
    })
  })

  test('Infinity in a type list, and inside an array, fail the same way; finite values pass', async (t) => {
    const instance = app()
    t.after(() => instance.close())
    const list = await instance.inject('/items?ratio=-Infinity')
    assert.equal(list.statusCode, 400)
    assert.equal(list.json().message, 'querystring/ratio should be number,null')
    const array = await instance.inject('/items?ids=1&ids=1e999')
    assert.equal(array.statusCode, 400)
    assert.equal(array.json().message, 'querystring/ids/1 should be number')
    const fine = await instance.inject('/items?limit=100&ratio=1e300&ids=2')
    assert.equal(fine.statusCode, 200)
    assert.deepEqual(fine.json(), { limit: 100, ratio: 1e300, ids: [2] })
  })

  test('the validation error carries Ajv type error details for an error handler', async (t) => {
    const instance = app()
    t.after(() => instance.close())
    let seen: unknown
    instance.setErrorHandler((error, _request, reply) => {
      seen = (error as { validation?: unknown }).validation
      reply.code(400).send({ ok: false })
    })
    await instance.inject('/items?limit=Infinity')
    assert.deepEqual(seen, [
      {
        instancePath: '/limit',
        schemaPath: '#/properties/limit/type',
        keyword: 'type',
        params: { type: 'integer' },
        message: 'must be integer',
      },
    ])
  })

  test('ajv.customOptions.strictNumbers: false lets Infinity through, as asked', async (t) => {
    const instance = app({ ajv: { customOptions: { strictNumbers: false } } })
    t.after(() => instance.close())
    const res = await instance.inject('/items?ratio=Infinity')
    assert.equal(res.statusCode, 200)
  })

  test('Validation behaviour per route 2: a non-finite number declared as a string is coerced to its text, not refused', async (t) => {
    const instance = arbor()
    t.after(() => instance.close())
    instance.post(
      '/names',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              tags: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
      async (request) => request.body,
    )
    const res = await instance.inject({
      method: 'POST',
      url: '/names',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":1e400,"tags":[-1e400]}',
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { name: 'Infinity', tags: ['-Infinity'] })
  })
})

describe('a body nested deeper than the validator can walk', () => {
  test('a recursive schema against 5,000 nested arrays: 400 FST_ERR_VALIDATION, no engine message', async (t) => {
    const instance = arbor()
    t.after(() => instance.close())
    instance.addSchema({ $id: 'tree', type: 'array', items: { $ref: 'tree#' } })
    let ran = false
    instance.post('/tree', { schema: { body: { $ref: 'tree#' } } }, async () => {
      ran = true
      return 'ok'
    })
    const depth = 5000
    const res = await instance.inject({
      method: 'POST',
      url: '/tree',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(depth) + ']'.repeat(depth),
    })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'body should not be nested this deeply',
    })
    assert.equal(ran, false)
    const shallow = await instance.inject({
      method: 'POST',
      url: '/tree',
      headers: { 'content-type': 'application/json' },
      payload: '[[[]]]',
    })
    assert.equal(shallow.statusCode, 200)
  })
})
