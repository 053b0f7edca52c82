// Spec "Shared schema", "Reference resolution ($ref)" (all six forms) and its support matrix,
// proven for the validator AND the serializer, plus what a bad reference does.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, errorCodes } from '../../src/index.ts'
import { badRequest } from '../helpers/validation-error.ts'

type App = ArborInstance

// One shared schema with a URI-like $id holding every kind of target a $ref can name:
// a definition, a property, and a sub-schema with its own `#<id>`.
const common = {
  $id: 'http://example.com/common.json',
  type: 'object',
  definitions: {
    shortText: { type: 'string', maxLength: 3 },
  },
  properties: {
    count: { type: 'integer' },
    point: {
      $id: '#point',
      type: 'object',
      properties: { x: { type: 'integer' } },
      required: ['x'],
    },
  },
}

// A shared schema with a plain-name $id, used whole.
const user = {
  $id: 'user',
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
}

function withShared(): App {
  const app = arbor()
  app.addSchema(common)
  app.addSchema(user)
  return app
}

describe('Reference resolution ($ref) in the validator: the six forms', () => {
  // [form, body schema, a payload that fails with message, a payload that passes → handler sees]
  const rows: Array<[string, Record<string, unknown>, unknown, string, unknown, unknown]> = [
    [
      "{ $ref: '#<id>' } resolves to the sub-schema with $id '#<id>' in the current schema",
      {
        type: 'object',
        properties: {
          a: { $ref: '#amount' },
          holder: { $id: '#amount', type: 'integer', minimum: 0 },
        },
      },
      { a: -1 },
      'body/a should be >= 0',
      { a: '5' },
      { a: 5 },
    ],
    [
      "{ $ref: '#/definitions/<name>' } resolves to definitions.<name> of the current schema",
      {
        type: 'object',
        definitions: { amount: { type: 'integer', minimum: 0 } },
        properties: { a: { $ref: '#/definitions/amount' } },
      },
      { a: 'x' },
      'body/a should be integer',
      { a: '6' },
      { a: 6 },
    ],
    [
      "{ $ref: '<schema_id>#' } resolves to the whole shared schema (a root reference for body)",
      { $ref: 'user#' },
      { age: 3 },
      "body should have required property 'name'",
      { name: 'ada', age: '36' },
      { name: 'ada', age: 36 },
    ],
    [
      "{ $ref: '<schema_id>#/definitions/<name>' } resolves to definitions.<name> of that shared schema",
      {
        type: 'object',
        properties: { a: { $ref: 'http://example.com/common.json#/definitions/shortText' } },
      },
      { a: 'abcd' },
      'body/a should NOT have more than 3 characters',
      { a: 'abc' },
      { a: 'abc' },
    ],
    [
      "{ $ref: '<schema_id>#<id>' } resolves to the object with $id '#<id>' inside that shared schema",
      { type: 'object', properties: { p: { $ref: 'http://example.com/common.json#point' } } },
      { p: {} },
      "body/p should have required property 'x'",
      { p: { x: '1' } },
      { p: { x: 1 } },
    ],
    [
      "{ $ref: '<schema_id>#/properties/<name>' } resolves to a property of that shared schema",
      {
        type: 'object',
        properties: { c: { $ref: 'http://example.com/common.json#/properties/count' } },
      },
      { c: 'many' },
      'body/c should be integer',
      { c: '2' },
      { c: 2 },
    ],
  ]
  for (const [form, schema, badPayload, message, goodPayload, seen] of rows) {
    test(`Reference resolution ($ref): validator, ${form}`, async (t) => {
      const app = withShared()
      t.after(() => app.close())
      app.post('/x', { schema: { body: schema } }, async (r) => r.body)
      const bad = await app.inject({ method: 'POST', url: '/x', payload: badPayload as object })
      assert.equal(bad.statusCode, 400)
      assert.deepEqual(bad.json(), badRequest(message))
      const good = await app.inject({ method: 'POST', url: '/x', payload: goodPayload as object })
      assert.equal(good.statusCode, 200)
      assert.deepEqual(good.json(), seen)
    })
  }

  test("Reference resolution ($ref): { $ref: '<schema_id>#' } is usable as the root reference for headers", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addSchema({
      $id: 'authHeaders',
      type: 'object',
      required: ['x-api-version'],
      properties: { 'x-api-version': { type: 'integer' } },
    })
    app.get('/h', { schema: { headers: { $ref: 'authHeaders#' } } }, async (r) => ({
      v: r.headers['x-api-version'],
    }))
    const missing = await app.inject('/h')
    assert.equal(missing.statusCode, 400)
    assert.deepEqual(
      missing.json(),
      badRequest("headers should have required property 'x-api-version'"),
    )
    const ok = await app.inject({ url: '/h', headers: { 'x-api-version': '3' } })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { v: 3 })
  })

  test('Reference resolution ($ref): querystring and params may reference shared schemas too', async (t) => {
    const app = withShared()
    t.after(() => app.close())
    app.get(
      '/items/:count',
      {
        schema: {
          params: {
            type: 'object',
            properties: { count: { $ref: 'http://example.com/common.json#/properties/count' } },
          },
          querystring: {
            type: 'object',
            properties: { q: { $ref: 'http://example.com/common.json#/definitions/shortText' } },
          },
        },
      },
      async (r) => ({ params: r.params, query: r.query }),
    )
    const ok = await app.inject('/items/4?q=abc')
    assert.deepEqual(ok.json(), { params: { count: 4 }, query: { q: 'abc' } })
    const badParam = await app.inject('/items/four?q=abc')
    assert.deepEqual(badParam.json(), badRequest('params/count should be integer'))
    const badQuery = await app.inject('/items/4?q=abcd')
    assert.deepEqual(
      badQuery.json(),
      badRequest('querystring/q should NOT have more than 3 characters'),
    )
  })
})

describe('Reference resolution ($ref) in the serializer: the six forms', () => {
  // Every handler returns the same over-full object; each schema keeps only what it lists,
  // typed by the referenced schema (strings '7' become integers, unknown keys vanish).
  const payload = {
    a: { x: '7', secret: 's' },
    p: { x: '8', secret: 's' },
    name: 'ada',
    age: '36',
    password: 'hunter2',
    c: '2',
    t: 'text',
  }
  const rows: Array<[string, Record<string, unknown>, string]> = [
    [
      "{ $ref: '#<id>' } to a sub-schema of the current schema",
      {
        type: 'object',
        properties: {
          a: { $ref: '#pt' },
          unused: { $id: '#pt', type: 'object', properties: { x: { type: 'integer' } } },
        },
      },
      '{"a":{"x":7}}',
    ],
    [
      "{ $ref: '#/definitions/<name>' } of the current schema",
      {
        type: 'object',
        definitions: { pt: { type: 'object', properties: { x: { type: 'integer' } } } },
        properties: { a: { $ref: '#/definitions/pt' } },
      },
      '{"a":{"x":7}}',
    ],
    [
      "{ $ref: '<schema_id>#' }, the whole shared schema",
      { $ref: 'user#' },
      '{"name":"ada","age":36}',
    ],
    [
      "{ $ref: '<schema_id>#/definitions/<name>' } of a shared schema",
      {
        type: 'object',
        properties: { t: { $ref: 'http://example.com/common.json#/definitions/shortText' } },
      },
      '{"t":"text"}',
    ],
    [
      "{ $ref: '<schema_id>#<id>' } inside a shared schema",
      { type: 'object', properties: { p: { $ref: 'http://example.com/common.json#point' } } },
      '{"p":{"x":8}}',
    ],
    [
      "{ $ref: '<schema_id>#/properties/<name>' } of a shared schema",
      {
        type: 'object',
        properties: { c: { $ref: 'http://example.com/common.json#/properties/count' } },
      },
      '{"c":2}',
    ],
  ]
  for (const [form, schema, expected] of rows) {
    test(`Reference resolution ($ref): serializer, ${form}`, async (t) => {
      const app = withShared()
      t.after(() => app.close())
      app.get('/x', { schema: { response: { 200: schema } } }, async () => payload)
      const res = await app.inject('/x')
      assert.equal(res.statusCode, 200)
      assert.equal(res.body, expected)
    })
  }
})

describe('Reference resolution ($ref): support matrix, one route using all four rows in both directions', () => {
  test('Reference resolution ($ref): support matrix rows 1-4 hold for the validator and the serializer of one route', async (t) => {
    const app = withShared()
    t.after(() => app.close())
    const schema = {
      type: 'object',
      definitions: { n: { type: 'integer' } },
      properties: {
        sameId: { $ref: '#local' },
        sameDefs: { $ref: '#/definitions/n' },
        sharedId: { $ref: 'user#' },
        sharedDefs: { $ref: 'http://example.com/common.json#/definitions/shortText' },
        local: { $id: '#local', type: 'integer' },
      },
    }
    app.post('/all', { schema: { body: schema, response: { 200: schema } } }, async (r) => ({
      ...(r.body as object),
      extra: 'dropped',
    }))
    const res = await app.inject({
      method: 'POST',
      url: '/all',
      payload: {
        sameId: '1',
        sameDefs: '2',
        sharedId: { name: 'n', age: '3', x: 1 },
        sharedDefs: 'abc',
      },
    })
    assert.equal(res.statusCode, 200)
    // validated and coerced on the way in; on the way out `extra` and `sharedId.x` are not listed
    assert.equal(
      res.body,
      '{"sameId":1,"sameDefs":2,"sharedId":{"name":"n","age":3},"sharedDefs":"abc"}',
    )
    const bad = await app.inject({
      method: 'POST',
      url: '/all',
      payload: { sharedId: { age: 1 } },
    })
    assert.deepEqual(bad.json(), badRequest("body/sharedId should have required property 'name'"))
  })
})

describe('Shared schema: addSchema, getSchemas, getSchema', () => {
  test('Shared schema: getSchemas() returns the map by $id and getSchema(id) one schema, as added', async (t) => {
    const app = withShared()
    t.after(() => app.close())
    assert.deepEqual(Object.keys(app.getSchemas()).sort(), [
      'http://example.com/common.json',
      'user',
    ])
    assert.deepEqual(app.getSchema('user'), user)
    assert.deepEqual(app.getSchemas().user, user)
    assert.equal(app.getSchema('nope'), undefined)
  })

  test('Shared schema: a schema without $id is refused (FST_ERR_SCH_MISSING_ID)', (t) => {
    const app = arbor()
    t.after(() => app.close())
    assert.throws(
      () => app.addSchema({ type: 'object' }),
      (err: Error & { code?: string }) => err.code === 'FST_ERR_SCH_MISSING_ID',
    )
  })

  test('Shared schema: the same $id twice in one context is refused (FST_ERR_SCH_ALREADY_PRESENT)', (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addSchema(user)
    assert.throws(
      () => app.addSchema({ ...user }),
      (err: Error & { code?: string }) => err.code === 'FST_ERR_SCH_ALREADY_PRESENT',
    )
  })

  test('What the service does 5: validator and serializer share the schemas added with addSchema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addSchema({
      $id: 'item',
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' } },
    })
    app.post(
      '/items',
      { schema: { body: { $ref: 'item#' }, response: { 200: { $ref: 'item#' } } } },
      async (r) => ({ ...(r.body as object), internal: true }),
    )
    const ok = await app.inject({ method: 'POST', url: '/items', payload: { id: '5' } })
    assert.equal(ok.body, '{"id":5}')
    const bad = await app.inject({ method: 'POST', url: '/items', payload: {} })
    assert.deepEqual(bad.json(), badRequest("body should have required property 'id'"))
  })

  test('Shared schema: a shared schema that is never referenced needs nothing from routes', async (t) => {
    const app = withShared()
    t.after(() => app.close())
    app.get('/plain', async () => ({ ok: true }))
    await app.ready()
    assert.deepEqual((await app.inject('/plain')).json(), { ok: true })
  })

  test('Shared schema: a route schema may carry its own $id; two routes with the same $id do not clash', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/a',
      {
        schema: {
          body: { $id: 'payload', type: 'object', properties: { a: { type: 'integer' } } },
        },
      },
      async (r) => r.body,
    )
    app.post(
      '/b',
      {
        schema: {
          body: {
            $id: 'payload',
            type: 'object',
            properties: { a: { type: 'string', maxLength: 1 } },
          },
        },
      },
      async (r) => r.body,
    )
    assert.deepEqual(
      (await app.inject({ method: 'POST', url: '/a', payload: { a: '1' } })).json(),
      { a: 1 },
    )
    const b = await app.inject({ method: 'POST', url: '/b', payload: { a: 'long' } })
    assert.deepEqual(b.json(), badRequest('body/a should NOT have more than 1 characters'))
  })
})

describe('Reference resolution ($ref): a reference to a missing schema', () => {
  test('Reference resolution ($ref): a validator $ref to a missing schema fails at ready() with an error naming the route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/orders', { schema: { body: { $ref: 'order#' } } }, async () => 'x')
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.ok(err instanceof errorCodes.FST_ERR_SCH_VALIDATION_BUILD)
      assert.equal(err.code, 'FST_ERR_SCH_VALIDATION_BUILD')
      assert.match(err.message, /POST: \/orders/)
      assert.match(err.message, /order#/)
      return true
    })
  })

  test('Reference resolution ($ref): a nested $ref to a missing definition fails at ready(), naming the route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/search',
      {
        schema: {
          querystring: { type: 'object', properties: { q: { $ref: 'terms#/definitions/q' } } },
        },
      },
      async () => 'x',
    )
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_SCH_VALIDATION_BUILD')
      assert.match(
        err.message,
        /^Failed building the validation schema for GET: \/search, due to error /,
      )
      return true
    })
  })

  test('Reference resolution ($ref): a serializer $ref to a missing schema fails at ready() with an error naming the route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/orders', { schema: { response: { 200: { $ref: 'order#' } } } }, async () => 'x')
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.ok(err instanceof errorCodes.FST_ERR_SCH_SERIALIZATION_BUILD)
      assert.equal(err.code, 'FST_ERR_SCH_SERIALIZATION_BUILD')
      assert.match(err.message, /GET: \/orders/)
      assert.match(err.message, /order#/)
      return true
    })
  })

  test('Reference resolution ($ref): a shared schema added after the route but before ready() is found', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/late', { schema: { body: { $ref: 'late#' } } }, async (r) => r.body)
    app.addSchema({ $id: 'late', type: 'object', required: ['n'] })
    const res = await app.inject({ method: 'POST', url: '/late', payload: {} })
    assert.deepEqual(res.json(), badRequest("body should have required property 'n'"))
  })
})
