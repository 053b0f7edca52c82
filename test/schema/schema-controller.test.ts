// Fastify's schema controller: the `schemaController` factory option (`bucket`,
// `compilersFactory`), `setSchemaController()`, and the `validatorCompiler` /
// `serializerCompiler` properties of an instance.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Ajv } from 'ajv'
import arbor, {
  type JSONSchema,
  type SchemaBucket,
  type SerializerCompiler,
  type ValidatorCompiler,
} from '../../src/index.ts'
import { badRequest } from '../helpers/validation-error.ts'

/** A bucket over a Map, recording what it was built from. */
function mapBucket(log: unknown[]) {
  return (init?: unknown): SchemaBucket => {
    log.push(init instanceof Map ? [...init.keys()] : init)
    const store = new Map<string, unknown>(init instanceof Map ? init : [])
    return {
      add: (schema) => store.set((schema as JSONSchema).$id as string, schema),
      getSchema: (id) => store.get(id),
      getSchemas: () => store,
    }
  }
}

describe('schemaController: bucket', () => {
  test('the bucket is built for the root and for every plugin context, from its parent’s schemas', async (t) => {
    const built: unknown[] = []
    const app = arbor({ schemaController: { bucket: mapBucket(built) } })
    t.after(() => app.close())
    const sizes: Record<string, number> = {}
    app.addSchema({ $id: 'a', type: 'string' })
    app.register(async (child) => {
      child.addSchema({ $id: 'b', type: 'string' })
      child.register(async (grandchild) => {
        sizes.grandchild = (grandchild.getSchemas() as unknown as Map<string, unknown>).size
      })
      sizes.child = (child.getSchemas() as unknown as Map<string, unknown>).size
    })
    app.register(async (sibling) => {
      sizes.sibling = (sibling.getSchemas() as unknown as Map<string, unknown>).size
    })
    await app.ready()
    assert.deepEqual(built, [undefined, ['a'], ['a', 'b'], ['a']])
    assert.deepEqual(sizes, { child: 2, grandchild: 2, sibling: 1 })
  })

  test('a bucket that is not a function: FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN', () => {
    assert.throws(
      () => arbor({ schemaController: { bucket: {} as never } }),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN')
        assert.equal(
          err.message,
          "schemaController.bucket option should be a function, instead got 'object'",
        )
        return true
      },
    )
    assert.doesNotThrow(() => arbor({ schemaController: {} }))
  })

  test('the default serializer reads the bucket’s schemas, so $ref resolves against them', async (t) => {
    const base = { $id: 'urn:base', definitions: { hello: { type: 'string' } } }
    const ref = {
      $id: 'urn:ref',
      type: 'object',
      properties: { hello: { $ref: 'urn:base#/definitions/hello' } },
    }
    const app = arbor({
      schemaController: {
        bucket: () => ({
          add() {},
          getSchema: (id) => ({ 'urn:base': base, 'urn:ref': ref })[id],
          getSchemas: () => ({ 'urn:base': base, 'urn:ref': ref }),
        }),
      },
    })
    t.after(() => app.close())
    app.get('/', { schema: { response: { 200: ref } } }, async () => ({ hello: 'w', evict: 1 }))
    assert.equal((await app.inject('/')).body, '{"hello":"w"}')
  })
})

describe('schemaController: compilersFactory', () => {
  test('buildValidator and buildSerializer build the compilers from the shared schemas and options', async (t) => {
    const calls: unknown[] = []
    const app = arbor({
      ajv: { customOptions: { allErrors: false } },
      serializerOpts: { rounding: 'floor' },
      schemaController: {
        compilersFactory: {
          buildValidator(schemas, ajvOptions) {
            calls.push(['validator', Object.keys(schemas), ajvOptions.customOptions])
            return () => () => true
          },
          buildSerializer(schemas, serializerOpts) {
            calls.push(['serializer', Object.keys(schemas), serializerOpts])
            return () => () => '"custom"'
          },
        },
      },
    })
    t.after(() => app.close())
    app.addSchema({ $id: 's', type: 'string' })
    app.get(
      '/',
      {
        exposeHeadRoute: false,
        schema: { querystring: { q: { type: 'integer' } }, response: { 200: { type: 'object' } } },
      },
      async () => ({}),
    )
    const res = await app.inject('/?q=notanumber')
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, '"custom"')
    assert.deepEqual(calls, [
      ['validator', ['s'], { allErrors: false }],
      ['serializer', ['s'], { rounding: 'floor' }],
    ])
  })

  test('setSchemaController in a plugin is encapsulated, and inherits the builder it does not give', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const strict = new Ajv({ coerceTypes: false })
    const route = {
      exposeHeadRoute: false,
      schema: {
        querystring: { n: { type: 'integer' } },
        response: { 200: { type: 'object', properties: { n: {} } } },
      },
    }
    app.register(async (child) => {
      child.setSchemaController({
        compilersFactory: {
          buildValidator:
            () =>
            ({ schema }) =>
              strict.compile(schema),
        },
      })
      child.get('/strict', route, async (request) => ({ ...(request.query as object), x: 1 }))
    })
    app.get('/default', route, async (request) => ({ ...(request.query as object), x: 1 }))
    const strictRes = await app.inject('/strict?n=1')
    assert.equal(strictRes.statusCode, 400)
    // another engine's message, as it wrote it
    assert.deepEqual(strictRes.json(), badRequest('querystring/n must be integer'))
    const coerced = await app.inject('/default?n=1')
    assert.equal(coerced.body, '{"n":1}', 'the root keeps arbor’s Ajv and fast-json-stringify')
  })

  test('a buildValidator from the factory option makes the validator a custom one: headers arrive as written', async (t) => {
    const seen: JSONSchema[] = []
    const app = arbor({
      schemaController: {
        compilersFactory: {
          buildValidator:
            () =>
            ({ schema }) => {
              seen.push(schema)
              return () => true
            },
        },
      },
    })
    t.after(() => app.close())
    app.get(
      '/',
      { exposeHeadRoute: false, schema: { headers: { 'X-Token': { type: 'string' } } } },
      async () => 'ok',
    )
    await app.ready()
    assert.deepEqual(seen, [{ type: 'object', properties: { 'X-Token': { type: 'string' } } }])
  })
})

describe('validatorCompiler and serializerCompiler properties', () => {
  test('an instance shows the compilers set on it or above; a route’s own compiler does not change them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const validator: ValidatorCompiler = () => () => true
    const serializer: SerializerCompiler = () => (data) => JSON.stringify(data)
    assert.equal(app.validatorCompiler, undefined)
    app.setValidatorCompiler(validator)
    app.setSerializerCompiler(serializer)
    let inChild: unknown[] = []
    app.register(async (child) => {
      child.post(
        '/',
        { schema: { body: { type: 'object' } }, validatorCompiler: () => () => true },
        async () => 'ok',
      )
      inChild = [child.validatorCompiler, child.serializerCompiler]
    })
    await app.ready()
    assert.deepEqual(inChild, [validator, serializer])
    assert.equal(app.validatorCompiler, validator)
  })

  test('with the defaults, the properties show the built compilers once routes need them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/',
      { schema: { body: { type: 'object' }, response: { 200: { type: 'object' } } } },
      async () => ({}),
    )
    await app.ready()
    assert.equal(typeof app.validatorCompiler, 'function')
    assert.equal(typeof app.serializerCompiler, 'function')
  })
})

describe('What a custom validator compiler receives and reports', () => {
  test('a schema that is a class instance reaches the compiler as the same object', async (t) => {
    class Headers {}
    const given = new Headers()
    const app = arbor()
    t.after(() => app.close())
    const seen: unknown[] = []
    app.setValidatorCompiler(({ schema }) => {
      seen.push(schema)
      return () => true
    })
    app.get('/', { exposeHeadRoute: false, schema: { headers: given as never } }, async () => 'ok')
    await app.ready()
    assert.equal(seen.length, 1)
    assert.equal(seen[0], given)
  })

  test('the default Ajv gets header names lower-cased; a custom compiler gets them as written', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/default',
      {
        schema: {
          headers: {
            type: 'object',
            required: ['X-Id'],
            properties: { 'X-Id': { type: 'integer' } },
          },
        },
      },
      async (request) => ({ id: request.headers['x-id'] }),
    )
    const seen: JSONSchema[] = []
    app.get(
      '/custom',
      {
        exposeHeadRoute: false,
        schema: { headers: { type: 'object', required: ['X-Id'] } },
        validatorCompiler: ({ schema }) => {
          seen.push(schema)
          return () => true
        },
      },
      async () => 'ok',
    )
    const res = await app.inject({ url: '/default', headers: { 'x-id': '7' } })
    assert.deepEqual(res.json(), { id: 7 })
    assert.deepEqual(seen, [{ type: 'object', required: ['X-Id'] }])
  })

  test('a validationContext set by the custom validator’s error is kept', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let context: string | undefined
    app.setErrorHandler((error, _request, reply) => {
      context = error.validationContext
      reply.code(500).send(error)
    })
    app.post(
      '/',
      {
        schema: { body: { type: 'object' } },
        validatorCompiler: () => () => ({
          error: Object.assign(new Error('this failed'), { validationContext: 'customContext' }),
        }),
      },
      async () => 'never',
    )
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    // The error's own status wins over reply.code(500), as in Fastify 4.25.2.
    assert.equal(res.statusCode, 400)
    assert.equal(context, 'customContext')
  })

  test('a schemaErrorFormatter that is not a function, as option or setter: FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN', () => {
    assert.throws(() => arbor({ schemaErrorFormatter: 500 as never }), {
      code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
      message: "schemaErrorFormatter option should be a non async function. Instead got 'number'.",
    })
    const app = arbor()
    assert.throws(() => app.setSchemaErrorFormatter(500 as never), {
      code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
    })
  })
})
