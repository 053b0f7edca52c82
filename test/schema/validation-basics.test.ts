// Spec "Route schema object", "Validation behaviour per route", "Validation failure payload"
// and DESIGN.md "Divergences" 3 and 4: which request parts are validated, in which forms,
// with which keywords, and what a failure answers.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, errorCodes } from '../../src/index.ts'
import { badRequest } from '../helpers/validation-error.ts'

type App = ArborInstance

/** A handler that counts its calls and echoes what validation handed it. */
function echo() {
  const calls = { n: 0 }
  const handler = async (request: {
    body: unknown
    query: unknown
    params: unknown
    headers: Record<string, unknown>
  }) => {
    calls.n++
    return { body: request.body ?? null, query: request.query, params: request.params }
  }
  return { calls, handler }
}

describe('Route schema object: body', () => {
  const fullSchema = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, age: { type: 'integer' } },
  }

  test('Validation failure payload: missing required body property gives 400 and "body should have required property \'name\'"', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const { calls, handler } = echo()
    app.post('/users', { schema: { body: fullSchema } }, handler)
    const res = await app.inject({ method: 'POST', url: '/users', payload: { age: 3 } })
    assert.equal(res.statusCode, 400)
    assert.match(String(res.headers['content-type']), /^application\/json/)
    assert.deepEqual(res.json(), badRequest("body should have required property 'name'"))
    assert.equal(calls.n, 0, 'the handler never runs for an invalid body')
  })

  test('Route schema object: a valid body reaches the handler, typed by the schema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const { calls, handler } = echo()
    app.post('/users', { schema: { body: fullSchema } }, handler)
    const res = await app.inject({
      method: 'POST',
      url: '/users',
      payload: { name: 'ada', age: '36' },
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json().body, { name: 'ada', age: 36 })
    assert.equal(calls.n, 1)
  })

  test('Route schema object: the body shorthand lists the properties at the top level', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/short',
      { schema: { body: { name: { type: 'string', maxLength: 3 } } } },
      echo().handler,
    )
    const ok = await app.inject({ method: 'POST', url: '/short', payload: { name: 'ada' } })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json().body, { name: 'ada' })
    const bad = await app.inject({ method: 'POST', url: '/short', payload: { name: 'grace' } })
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(bad.json(), badRequest('body/name should NOT have more than 3 characters'))
  })

  test('Route schema object: a wrong body type names the property path', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/users', { schema: { body: fullSchema } }, echo().handler)
    const res = await app.inject({
      method: 'POST',
      url: '/users',
      payload: { name: 'ada', age: 'old' },
    })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), badRequest('body/age should be integer'))
  })
})

describe('Route schema object: querystring (alias query)', () => {
  for (const key of ['querystring', 'query'] as const) {
    test(`Route schema object: a full \`${key}\` schema validates and types request.query`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.get(
        '/search',
        {
          schema: {
            [key]: {
              type: 'object',
              required: ['q'],
              properties: { q: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
            },
          },
        },
        echo().handler,
      )
      const ok = await app.inject('/search?q=tea&limit=5')
      assert.equal(ok.statusCode, 200)
      assert.deepEqual(ok.json().query, { q: 'tea', limit: 5 })
      const missing = await app.inject('/search?limit=5')
      assert.equal(missing.statusCode, 400)
      assert.deepEqual(missing.json(), badRequest("querystring should have required property 'q'"))
      const low = await app.inject('/search?q=tea&limit=0')
      assert.equal(low.statusCode, 400)
      assert.deepEqual(low.json(), badRequest('querystring/limit should be >= 1'))
    })

    test(`Route schema object: the \`${key}\` shorthand lists the parameters at the top level`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.get('/page', { schema: { [key]: { page: { type: 'integer' } } } }, echo().handler)
      const ok = await app.inject('/page?page=2')
      assert.equal(ok.statusCode, 200)
      assert.deepEqual(ok.json().query, { page: 2 })
      const bad = await app.inject('/page?page=two')
      assert.equal(bad.statusCode, 400)
      assert.deepEqual(bad.json(), badRequest('querystring/page should be integer'))
    })
  }
})

describe('Route schema object: params', () => {
  test('Route schema object: a full params schema validates and types route parameters', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/items/:id',
      {
        schema: {
          params: {
            type: 'object',
            properties: { id: { type: 'integer', minimum: 1 } },
            required: ['id'],
          },
        },
      },
      async (request) => {
        const { id } = request.params as { id: unknown }
        return { id, type: typeof id }
      },
    )
    const ok = await app.inject('/items/42')
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { id: 42, type: 'number' })
    const zero = await app.inject('/items/0')
    assert.equal(zero.statusCode, 400)
    assert.deepEqual(zero.json(), badRequest('params/id should be >= 1'))
    const word = await app.inject('/items/abc')
    assert.equal(word.statusCode, 400)
    assert.deepEqual(word.json(), badRequest('params/id should be integer'))
  })

  test('Route schema object: the params shorthand lists the parameters at the top level', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/colors/:color',
      { schema: { params: { color: { type: 'string', enum: ['red', 'green'] } } } },
      echo().handler,
    )
    const ok = await app.inject('/colors/red')
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json().params, { color: 'red' })
    const bad = await app.inject('/colors/blue')
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(
      bad.json(),
      badRequest('params/color should be equal to one of the allowed values'),
    )
  })
})

describe('Route schema object: headers', () => {
  test('Route schema object: a full headers schema validates request headers, names matched case-insensitively', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/h',
      {
        schema: {
          headers: {
            type: 'object',
            properties: { 'X-Version': { type: 'integer' } },
            required: ['X-Version'],
          },
        },
      },
      async (request) => {
        const v = request.headers['x-version']
        return { v, type: typeof v }
      },
    )
    const ok = await app.inject({ url: '/h', headers: { 'x-version': '2' } })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { v: 2, type: 'number' })
    const missing = await app.inject('/h')
    assert.equal(missing.statusCode, 400)
    assert.deepEqual(
      missing.json(),
      badRequest("headers should have required property 'x-version'"),
    )
    const bad = await app.inject({ url: '/h', headers: { 'X-Version': 'two' } })
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(bad.json(), badRequest('headers/x-version should be integer'))
  })

  test('Route schema object: the headers shorthand lists the headers at the top level', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/h',
      { schema: { headers: { 'x-token': { type: 'string', maxLength: 4 } } } },
      async (request) => ({ token: request.headers['x-token'] }),
    )
    const ok = await app.inject({ url: '/h', headers: { 'x-token': 'abcd' } })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { token: 'abcd' })
    const bad = await app.inject({ url: '/h', headers: { 'x-token': 'abcde' } })
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(
      bad.json(),
      badRequest('headers/x-token should NOT have more than 4 characters'),
    )
  })

  test('Route schema object: headers the schema does not list are kept (no additionalProperties: false)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/h', { schema: { headers: { 'x-a': { type: 'string' } } } }, async (request) => ({
      other: request.headers['x-other'],
    }))
    const res = await app.inject({ url: '/h', headers: { 'x-a': 'a', 'x-other': 'kept' } })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { other: 'kept' })
  })
})

describe('Route schema object: supported keywords', () => {
  // Each row: the body schema of `value`, a passing value, a failing value, the message.
  const rows: Array<[string, Record<string, unknown>, unknown, unknown, string]> = [
    ['type (single)', { type: 'string' }, 'x', {}, 'body/value should be string'],
    [
      'type (array of types: number-or-null)',
      { type: ['number', 'null'] },
      null,
      'abc',
      'body/value should be number,null',
    ],
    ['nullable', { type: 'string', nullable: true }, null, {}, 'body/value should be string'],
    [
      'items',
      { type: 'array', items: { type: 'integer' } },
      [1, 2],
      [1, 'b'],
      'body/value/1 should be integer',
    ],
    [
      'maxItems',
      { type: 'array', maxItems: 2 },
      [1, 2],
      [1, 2, 3],
      'body/value should NOT have more than 2 items',
    ],
    [
      'maxLength',
      { type: 'string', maxLength: 2 },
      'ab',
      'abc',
      'body/value should NOT have more than 2 characters',
    ],
    ['minimum', { type: 'number', minimum: 10 }, 10, 9, 'body/value should be >= 10'],
    [
      'enum',
      { type: 'string', enum: ['a', 'b'] },
      'b',
      'c',
      'body/value should be equal to one of the allowed values',
    ],
    [
      'oneOf',
      { oneOf: [{ type: 'string', maxLength: 1 }, { type: 'integer' }] },
      'x',
      'xy',
      'body/value should NOT have more than 1 characters, body/value should be integer, body/value should match exactly one schema in oneOf',
    ],
    ['not', { not: { enum: ['admin'] } }, 'user', 'admin', 'body/value should NOT be valid'],
  ]
  for (const [keyword, schema, good, bad, message] of rows) {
    test(`Route schema object: keyword ${keyword} accepts ${JSON.stringify(good)} and rejects ${JSON.stringify(bad)}`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.post(
        '/k',
        {
          schema: {
            body: { type: 'object', required: ['value'], properties: { value: schema } },
          },
        },
        async (request) => request.body,
      )
      const ok = await app.inject({ method: 'POST', url: '/k', payload: { value: good } })
      assert.equal(ok.statusCode, 200, ok.body)
      assert.deepEqual(ok.json(), { value: good })
      const ko = await app.inject({ method: 'POST', url: '/k', payload: { value: bad } })
      assert.equal(ko.statusCode, 400)
      assert.deepEqual(ko.json(), badRequest(message))
    })
  }
})

describe('Validation behaviour per route', () => {
  test('Validation behaviour per route: a route without a schema is not validated', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/free', async (request) => ({ body: request.body, query: request.query }))
    const res = await app.inject({ method: 'POST', url: '/free?n=1', payload: { any: ['thing'] } })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: { any: ['thing'] }, query: { n: '1' } })
  })

  test('Validation behaviour per route: each declared part is validated, first failing part reported in order params, body, querystring, headers', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const { calls, handler } = echo()
    app.post(
      '/p/:id',
      {
        schema: {
          params: { id: { type: 'integer' } },
          body: { type: 'object', required: ['b'] },
          querystring: { type: 'object', required: ['q'] },
          headers: { type: 'object', required: ['x-h'] },
        },
      },
      handler,
    )
    const all = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers })
    assert.deepEqual((await all('/p/x', {})).json(), badRequest('params/id should be integer'))
    assert.deepEqual(
      (await all('/p/1', {})).json(),
      badRequest("body should have required property 'b'"),
    )
    assert.deepEqual(
      (await all('/p/1', { b: 1 })).json(),
      badRequest("querystring should have required property 'q'"),
    )
    assert.deepEqual(
      (await all('/p/1?q=1', { b: 1 })).json(),
      badRequest("headers should have required property 'x-h'"),
    )
    const ok = await all('/p/1?q=1', { b: 1 }, { 'x-h': 'v' })
    assert.equal(ok.statusCode, 200)
    assert.equal(calls.n, 1)
  })

  test('States and transitions: validation completes before preHandler; an invalid request never reaches preHandler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: unknown[] = []
    app.addHook('preHandler', async (request) => {
      seen.push(request.body)
    })
    app.post(
      '/x',
      {
        schema: {
          body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        },
      },
      async () => ({ ok: true }),
    )
    const bad = await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(seen, [])
    const good = await app.inject({ method: 'POST', url: '/x', payload: { n: '7' } })
    assert.equal(good.statusCode, 200)
    assert.deepEqual(seen, [{ n: 7 }], 'preHandler sees the validated, coerced body')
  })

  test('Validation behaviour per route: a preValidation hook runs before validation and may fix the input', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/x',
      {
        preValidation: async (request) => {
          ;(request.body as Record<string, unknown>).n = 1
        },
        schema: { body: { type: 'object', required: ['n'] } },
      },
      async (request) => request.body,
    )
    const res = await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { n: 1 })
  })
})

describe('Route schema object: body applies to POST, PUT and PATCH (DESIGN.md Divergences 3)', () => {
  const bodySchema = {
    type: 'object',
    required: ['a'],
    properties: { a: { type: 'integer' } },
  }

  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    test(`Route schema object: a ${method} body is validated and coerced`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.route({ method, url: '/m', schema: { body: bodySchema }, handler: async (r) => r.body })
      const bad = await app.inject({ method, url: '/m', payload: { a: 'x' } })
      assert.equal(bad.statusCode, 400)
      assert.deepEqual(bad.json(), badRequest('body/a should be integer'))
      const ok = await app.inject({ method, url: '/m', payload: { a: '2' } })
      assert.equal(ok.statusCode, 200)
      assert.deepEqual(ok.json(), { a: 2 })
    })
  }

  for (const method of ['GET', 'HEAD'] as const) {
    test(`Divergences 3: a body schema on a ${method} route fails at registration, naming the route`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      assert.throws(
        () =>
          app.route({
            method,
            url: '/no-body',
            schema: { body: bodySchema },
            handler: async () => 'x',
          }),
        (err: Error & { code?: string }) => {
          assert.ok(err instanceof errorCodes.FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED)
          assert.equal(err.code, 'FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED')
          assert.equal(
            err.message,
            `Body validation schema for ${method}:/no-body route is not supported!`,
          )
          return true
        },
      )
    })
  }

  test('Divergences 3: a DELETE body, when present, is parsed and validated (as Fastify)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.delete('/m', { schema: { body: bodySchema } }, async (request) => request.body)
    const bad = await app.inject({ method: 'DELETE', url: '/m', payload: { a: 'x' } })
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(bad.json(), badRequest('body/a should be integer'))
    const ok = await app.inject({ method: 'DELETE', url: '/m', payload: { a: '3' } })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { a: 3 })
  })

  test('Divergences 3: an unvalidated body never reaches the handler; a missing body fails an object schema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const { calls, handler } = echo()
    app.route({ method: ['POST', 'DELETE'], url: '/m', schema: { body: bodySchema }, handler })
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/m' })
      assert.equal(res.statusCode, 400, method)
      assert.deepEqual(res.json(), badRequest('body should be object'))
    }
    assert.equal(calls.n, 0)
  })

  test('Validation behaviour per route: an absent body is validated as null, so a body schema allowing null accepts it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/optional',
      { schema: { body: { type: ['object', 'null'], properties: { a: { type: 'integer' } } } } },
      async (request) => ({ body: request.body ?? 'absent' }),
    )
    const none = await app.inject({ method: 'POST', url: '/optional' })
    assert.equal(none.statusCode, 200)
    assert.deepEqual(none.json(), { body: 'absent' })
    const some = await app.inject({ method: 'POST', url: '/optional', payload: { a: '1' } })
    assert.deepEqual(some.json(), { body: { a: 1 } })
  })
})

describe('Validation behaviour per route 1: content types (DESIGN.md Divergences 4)', () => {
  test('Divergences 4: a body of a content type with no parser gets 415 and never reaches validation or the handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const { calls, handler } = echo()
    let validatorCalls = 0
    app.post(
      '/x',
      {
        schema: { body: { type: 'object' } },
        validatorCompiler: () => () => {
          validatorCalls++
          return true
        },
      },
      handler,
    )
    const res = await app.inject({
      method: 'POST',
      url: '/x',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    })
    assert.equal(res.statusCode, 415)
    assert.equal(res.json().code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    assert.equal(validatorCalls, 0)
    assert.equal(calls.n, 0)
  })

  test('Divergences 4: a text/plain body that the text parser produced is validated against schema.body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/t', { schema: { body: { type: 'string', maxLength: 3 } } }, async (r) => ({
      body: r.body,
    }))
    app.post('/o', { schema: { body: { type: 'object' } } }, async (r) => ({ body: r.body }))
    const text = (url: string, payload: string) =>
      app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'text/plain' } })
    const ok = await text('/t', 'hey')
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { body: 'hey' })
    const long = await text('/t', 'hello')
    assert.equal(long.statusCode, 400)
    assert.deepEqual(long.json(), badRequest('body should NOT have more than 3 characters'))
    const notObject = await text('/o', 'hey')
    assert.equal(notObject.statusCode, 400)
    assert.deepEqual(notObject.json(), badRequest('body should be object'))
  })
})

describe('Validation failure payload over real HTTP', () => {
  test('Validation failure payload: a real HTTP client gets the 400 payload, then the serialized success', async (t) => {
    const app: App = arbor()
    t.after(() => app.close())
    app.post(
      '/users',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          response: {
            201: {
              type: 'object',
              properties: { id: { type: 'integer' }, name: { type: 'string' } },
            },
          },
        },
      },
      async (request, reply) => {
        reply.code(201)
        return { id: '7', name: (request.body as { name: string }).name, password: 'hunter2' }
      },
    )
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const post = (body: unknown) =>
      fetch(`${address}/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const bad = await post({})
    assert.equal(bad.status, 400)
    assert.match(String(bad.headers.get('content-type')), /^application\/json/)
    assert.deepEqual(await bad.json(), badRequest("body should have required property 'name'"))
    const good = await post({ name: 'ada' })
    assert.equal(good.status, 201)
    assert.equal(await good.text(), '{"id":7,"name":"ada"}')
  })
})
