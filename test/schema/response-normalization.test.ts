// How `schema.response` entries are read, as Fastify 4.25's normalizeSchema reads them: the
// shorthand, a `content` that is a property and not a media-type map, the media-type choice,
// fluent-json-schema builders, and the `jsonShorthand` and `serializerOpts` options.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type SerializerCompilerInput } from '../../src/index.ts'

/** What fluent-json-schema's builders look like to a framework: a mark and `valueOf()`. */
function fluent(schema: Record<string, unknown>): object {
  return { [Symbol.for('fluent-schema-object')]: true, valueOf: () => schema, title: () => {} }
}

describe('Response schemas: shorthand and content', () => {
  test('a response shorthand `{ name: { type } }` is an object schema: unlisted keys are dropped', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', { schema: { response: { 200: { name: { type: 'string' } } } } }, async () => ({
      name: 'ada',
      secret: 's',
    }))
    assert.equal((await app.inject('/')).body, '{"name":"ada"}')
  })

  test('jsonShorthand: false keeps a shorthand as written, so nothing is dropped', async (t) => {
    const app = arbor({ jsonShorthand: false })
    t.after(() => app.close())
    app.get('/', { schema: { response: { 200: { name: { type: 'string' } } } } }, async () => ({
      name: 'ada',
      secret: 's',
    }))
    assert.equal((await app.inject('/')).body, '{"name":"ada","secret":"s"}')
  })

  test('a `content` whose single value has no `.schema` is a property named "content"', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/',
      {
        schema: {
          response: {
            201: { content: { type: 'string' } },
            202: { content: { const: 'fixed' } },
          },
        },
      },
      async (request, reply) => {
        reply.code(Number((request.query as { code: string }).code))
        return { content: 'games', boxId: 1 }
      },
    )
    assert.equal((await app.inject('/?code=201')).body, '{"content":"games"}')
    assert.equal((await app.inject('/?code=202')).body, '{"content":"fixed"}')
  })

  test('a media type no `content` entry lists gets no serializer: JSON.stringify, not the class or default entry', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/',
      {
        schema: {
          response: {
            200: { content: { 'application/json': { schema: { id: { type: 'integer' } } } } },
            '2xx': { type: 'object', properties: { never: { type: 'string' } } },
            default: { type: 'object', properties: { never: { type: 'string' } } },
          },
        },
      },
      async (_request, reply) => {
        reply.type('application/vnd.other+json')
        return { id: 1, secret: 's' }
      },
    )
    const res = await app.inject('/')
    assert.equal(res.headers['content-type'], 'application/vnd.other+json; charset=utf-8')
    assert.equal(res.body, '{"id":1,"secret":"s"}')
  })

  test('a declared "*/*" entry serves the media types not listed beside it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/',
      {
        schema: {
          response: {
            200: {
              content: {
                'application/json': { schema: { id: { type: 'integer' } } },
                '*/*': { schema: { name: { type: 'string' } } },
              },
            },
          },
        },
      },
      async (request, reply) => {
        if ((request.query as { v?: string }).v !== undefined) reply.type('application/vnd.v2+json')
        return { id: 1, name: 'n', secret: 's' }
      },
    )
    assert.equal((await app.inject('/')).body, '{"id":1}')
    assert.equal((await app.inject('/?v')).body, '{"name":"n"}')
  })

  test('a custom serializer compiler gets each media type, and the shorthand in complete form', async (t) => {
    const app = arbor({ exposeHeadRoutes: false })
    t.after(() => app.close())
    const inputs: SerializerCompilerInput[] = []
    app.setSerializerCompiler((input) => {
      inputs.push(input)
      return (data) => JSON.stringify(data)
    })
    app.get(
      '/',
      {
        schema: {
          response: {
            200: { content: { 'application/json': { schema: { id: { type: 'integer' } } } } },
            201: { content: { type: 'string' } },
          },
        },
      },
      async () => ({}),
    )
    await app.ready()
    assert.deepEqual(
      inputs.map((i) => [i.httpStatus, i.contentType, i.schema]),
      [
        ['200', 'application/json', { type: 'object', properties: { id: { type: 'integer' } } }],
        ['201', undefined, { type: 'object', properties: { content: { type: 'string' } } }],
      ],
    )
  })
})

describe('Response schemas: fluent-json-schema and serializerOpts', () => {
  test('a fluent-json-schema builder is read through valueOf(), in a response and in addSchema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addSchema(
      fluent({ $id: 'user', type: 'object', properties: { name: { type: 'string' } } }) as never,
    )
    assert.deepEqual(app.getSchema('user'), {
      $id: 'user',
      type: 'object',
      properties: { name: { type: 'string' } },
    })
    app.get(
      '/',
      { schema: { response: { 200: fluent({ $ref: 'user#' }) as never } } },
      async () => ({ name: 'ada', secret: 's' }),
    )
    assert.equal((await app.inject('/')).body, '{"name":"ada"}')
  })

  test('a fluent-json-schema builder in a request part is validated as its JSON Schema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const body = fluent({ type: 'object', required: ['n'], properties: { n: { type: 'integer' } } })
    app.post('/', { schema: { body: body as never } }, async (request) => request.body)
    const ok = await app.inject({ method: 'POST', url: '/', payload: { n: '3' } })
    assert.deepEqual(ok.json(), { n: 3 })
    const bad = await app.inject({ method: 'POST', url: '/', payload: {} })
    assert.equal(bad.statusCode, 400)
  })

  test('serializerOpts reach fast-json-stringify (rounding: ceil)', async (t) => {
    const app = arbor({ serializerOpts: { rounding: 'ceil' } })
    t.after(() => app.close())
    app.get('/', { schema: { response: { 200: { type: 'integer' } } } }, async () => 4.2)
    assert.equal((await app.inject('/')).body, '5')
  })
})
