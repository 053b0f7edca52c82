// Spec "Serializer compiler" 1-4 and "Request and reply members used" (reply.serializer).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type SerializerCompilerInput } from '../../src/index.ts'

const account = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    owner: { type: 'object', properties: { login: { type: 'string' } } },
  },
}

// What a careless handler returns straight from its store.
const stored = {
  id: '12',
  name: 'main',
  password: 'hunter2',
  tags: ['a', 2],
  owner: { login: 'ada', apiKey: 'k-123' },
  internal: { audit: true },
}

describe('Serializer compiler 1: the response schema drives a fast JSON serializer', () => {
  test('Serializer compiler 1: an output schema prevents accidental disclosure of properties it does not list, at every depth', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/account', { schema: { response: { 200: account } } }, async () => stored)
    const res = await app.inject('/account')
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(res.body, '{"id":12,"name":"main","tags":["a","2"],"owner":{"login":"ada"}}')
    assert.doesNotMatch(res.body, /hunter2|k-123|audit/)
  })

  test('Serializer compiler 1: values are written as the schema types them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/typed',
      {
        schema: {
          response: {
            200: {
              type: 'object',
              properties: {
                int: { type: 'integer' },
                num: { type: 'number' },
                str: { type: 'string' },
                bool: { type: 'boolean' },
                maybe: { type: 'string', nullable: true },
                numOrNull: { type: ['number', 'null'] },
              },
            },
          },
        },
      },
      async () => ({ int: '7', num: '2.5', str: 42, bool: 1, maybe: null, numOrNull: null }),
    )
    const res = await app.inject('/typed')
    assert.equal(
      res.body,
      '{"int":7,"num":2.5,"str":"42","bool":true,"maybe":null,"numOrNull":null}',
    )
  })

  test('Serializer compiler 1: a route without a response schema serializes with JSON.stringify (nothing stripped)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/raw', async () => stored)
    const res = await app.inject('/raw')
    assert.deepEqual(res.json(), stored)
  })

  test('Serializer compiler 1: an array response schema strips every item', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/list',
      { schema: { response: { 200: { type: 'array', items: account } } } },
      async () => [stored, { id: 3, secret: 'x' }],
    )
    const res = await app.inject('/list')
    assert.equal(
      res.body,
      '[{"id":12,"name":"main","tags":["a","2"],"owner":{"login":"ada"}},{"id":3}]',
    )
  })

  test('Serializer compiler 1: a string payload is sent as is, not passed through the schema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/s', { schema: { response: { 200: account } } }, async (_r, reply) => {
      reply.type('application/json')
      return '{"already":"serialized"}'
    })
    const res = await app.inject('/s')
    assert.equal(res.body, '{"already":"serialized"}')
  })
})

describe('Serializer compiler 2: setSerializerCompiler', () => {
  test('Serializer compiler 2: the compiler receives exactly { schema, method, url, httpStatus, contentType } and its function returns the body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const inputs: SerializerCompilerInput[] = []
    app.setSerializerCompiler((input) => {
      inputs.push(input)
      return (payload) => `custom:${input.httpStatus}:${JSON.stringify(payload)}`
    })
    const schema200 = { type: 'object', properties: { a: { type: 'string' } } }
    const schemaV2 = { type: 'object', properties: { b: { type: 'string' } } }
    app.route({
      method: 'POST',
      url: '/things/:id',
      schema: {
        response: {
          200: schema200,
          201: { content: { 'application/vnd.v2+json': { schema: schemaV2 } } },
        },
      },
      handler: async () => ({ a: 'x', b: 'y' }),
    })
    await app.ready()
    assert.equal(inputs.length, 2)
    const plain = inputs.find((i) => i.httpStatus === '200')
    const typed = inputs.find((i) => i.httpStatus === '201')
    assert.deepEqual(plain, {
      schema: schema200,
      method: 'POST',
      url: '/things/:id',
      httpStatus: '200',
      contentType: undefined,
    })
    assert.deepEqual(Object.keys(plain ?? {}).sort(), [
      'contentType',
      'httpStatus',
      'method',
      'schema',
      'url',
    ])
    assert.deepEqual(typed, {
      schema: schemaV2,
      method: 'POST',
      url: '/things/:id',
      httpStatus: '201',
      contentType: 'application/vnd.v2+json',
    })
    const res = await app.inject({ method: 'POST', url: '/things/1' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'custom:200:{"a":"x","b":"y"}')
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
  })

  test('Serializer compiler 2: httpStatus is the key as written: a code, a class or default', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const statuses: string[] = []
    app.setSerializerCompiler(({ httpStatus }) => {
      statuses.push(httpStatus)
      return (p) => JSON.stringify(p)
    })
    const s = { type: 'object' }
    app.get('/k', { schema: { response: { 204: s, '4xx': s, default: s } } }, async () => ({}))
    await app.ready()
    // GET also registers HEAD, whose serializers are compiled too
    assert.deepEqual([...new Set(statuses)].sort(), ['204', '4xx', 'default'])
  })

  test('Serializer compiler 2: a compiler that throws fails ready(), naming the route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setSerializerCompiler(() => {
      throw new Error('cannot build this one')
    })
    app.get('/broken', { schema: { response: { 200: { type: 'object' } } } }, async () => ({}))
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_SCH_SERIALIZATION_BUILD')
      assert.match(err.message, /GET: \/broken/)
      assert.match(err.message, /cannot build this one/)
      return true
    })
  })

  test('Route options: a per-route serializerCompiler wins over the instance compiler for that route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setSerializerCompiler(() => () => 'instance')
    const response = { 200: { type: 'object' } }
    app.get(
      '/own',
      { schema: { response }, serializerCompiler: () => () => 'route' },
      async () => ({}),
    )
    app.get('/other', { schema: { response } }, async () => ({}))
    assert.equal((await app.inject('/own')).body, 'route')
    assert.equal((await app.inject('/other')).body, 'instance')
  })
})

describe('Serializer compiler 3: reply.serializer(fn) for one reply', () => {
  test('Request and reply members used: reply.serializer(fn) serializes this reply only; the next one uses the schema again', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/acc', { schema: { response: { 200: account } } }, async (request, reply) => {
      if ((request.query as { csv?: string }).csv !== undefined) {
        reply.type('text/csv').serializer((p) => {
          const o = p as { id: string; name: string }
          return `${o.id},${o.name}`
        })
      }
      return stored
    })
    const custom = await app.inject('/acc?csv')
    assert.equal(custom.body, '12,main')
    assert.equal(custom.headers['content-type'], 'text/csv')
    const schema = await app.inject('/acc')
    assert.equal(schema.body, '{"id":12,"name":"main","tags":["a","2"],"owner":{"login":"ada"}}')
  })

  test('Request and reply members used: reply.serializer(fn) also works on a route without a response schema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/x', async (_r, reply) => {
      reply.serializer((p) => `<${(p as { v: string }).v}>`)
      return { v: 'value' }
    })
    const res = await app.inject('/x')
    assert.equal(res.body, '<value>')
  })

  test('Request and reply members used: reply.serializer(fn) returns the reply, for chaining', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/x', (_r, reply) => {
      reply
        .serializer(() => 'chained')
        .code(202)
        .send({})
    })
    const res = await app.inject('/x')
    assert.equal(res.statusCode, 202)
    assert.equal(res.body, 'chained')
  })
})

describe('Serializer compiler 4: the serializer applies to every route that defines a response schema', () => {
  test('Serializer compiler 4: the compiler is used for every route with a response schema, and only for those', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const urls: string[] = []
    app.setSerializerCompiler(({ url, method }) => {
      urls.push(`${method} ${url}`)
      return () => '"by compiler"'
    })
    const response = { 200: { type: 'object' } }
    app.get('/a', { schema: { response } }, async () => ({ a: 1 }))
    app.post('/b', { schema: { response } }, async () => ({ b: 1 }))
    app.register(async (child) => {
      child.put('/c', { schema: { response } }, async () => ({ c: 1 }))
    })
    app.get('/none', async () => ({ none: 1 }))
    app.post('/validated-only', { schema: { body: { type: 'object' } } }, async () => ({ v: 1 }))
    await app.ready()
    assert.deepEqual(urls.sort(), ['GET /a', 'HEAD /a', 'POST /b', 'PUT /c'])
    assert.equal((await app.inject('/a')).body, '"by compiler"')
    assert.equal((await app.inject({ method: 'POST', url: '/b' })).body, '"by compiler"')
    assert.equal((await app.inject({ method: 'PUT', url: '/c' })).body, '"by compiler"')
    assert.equal((await app.inject('/none')).body, '{"none":1}')
  })
})
