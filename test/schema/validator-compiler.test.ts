// Spec "Validator compiler" 1-8, "Route options" (validatorCompiler), the compiler rows of
// "Errors", and "Security rules for schemas" 2 ($async). A custom engine's messages (even a
// custom Ajv's) are passed on in its own words: only arbor's own Ajv takes the `should` wording.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Ajv, type Options as AjvOptions } from 'ajv'
import arbor, {
  type ArborInstance,
  type ValidatorCompiler,
  type ValidatorCompilerInput,
  type ValidatorFunction,
} from '../../src/index.ts'
import { badRequest } from '../helpers/validation-error.ts'

type App = ArborInstance

/** The spec's baseline, for custom Ajv instances built in these tests. */
const baseline: AjvOptions = {
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: false,
}

const asValidator = (fn: unknown) => fn as ValidatorFunction

describe('Validator compiler 1: the default validator and its baseline', () => {
  test('Validator compiler 1: coerceTypes array, useDefaults, removeAdditional and allErrors false hold together', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/baseline',
      {
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['n'],
            properties: {
              n: { type: 'integer' },
              tags: { type: 'array', items: { type: 'string' } },
              role: { type: 'string', default: 'reader' },
              a: { type: 'integer' },
              b: { type: 'integer' },
            },
          },
        },
      },
      async (r) => r.body,
    )
    const ok = await app.inject({
      method: 'POST',
      url: '/baseline',
      payload: { n: '1', tags: 'solo', extra: true },
    })
    assert.equal(ok.statusCode, 200)
    // '1' coerced to 1, 'solo' wrapped into an array, role defaulted, extra removed
    assert.deepEqual(ok.json(), { n: 1, tags: ['solo'], role: 'reader' })
    const twoErrors = await app.inject({
      method: 'POST',
      url: '/baseline',
      payload: { n: 1, a: 'x', b: 'y' },
    })
    // allErrors false: validation stops at the first error
    assert.deepEqual(twoErrors.json(), badRequest('body/a should be integer'))
  })

  test('Validator compiler 1: the default engine is Ajv 8 (errors carry instancePath, not Ajv 6 dataPath)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let validation: unknown
    app.setErrorHandler((error, _request, reply) => {
      validation = error.validation
      reply.code(400).send({ ok: false })
    })
    app.post('/x', { schema: { body: { type: 'object', required: ['name'] } } }, async () => 'x')
    await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.deepEqual(validation, [
      {
        instancePath: '',
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'name' },
        message: "must have required property 'name'",
      },
    ])
  })

  test('Validator compiler 1: formats from ajv-formats are available by default', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/mail',
      {
        schema: {
          body: { type: 'object', properties: { to: { type: 'string', format: 'email' } } },
        },
      },
      async (r) => r.body,
    )
    const ok = await app.inject({ method: 'POST', url: '/mail', payload: { to: 'a@b.io' } })
    assert.equal(ok.statusCode, 200)
    const bad = await app.inject({ method: 'POST', url: '/mail', payload: { to: 'nope' } })
    assert.deepEqual(bad.json(), badRequest('body/to should match format "email"'))
  })
})

describe('Validator compiler 2: ajv.plugins', () => {
  // A plugin in the shape Ajv plugins have: (ajv, options?) => ajv
  const evenPlugin = (ajv: Ajv, options?: { keyword?: string }) => {
    ajv.addKeyword({
      keyword: options?.keyword ?? 'even',
      type: 'number',
      schemaType: 'boolean',
      validate: (want: boolean, n: number) => (n % 2 === 0) === want,
    })
    return ajv
  }

  test('Validator compiler 2: a plugin module given in ajv.plugins adds its keyword to the default validator', async (t) => {
    const app = arbor({ ajv: { plugins: [evenPlugin] } })
    t.after(() => app.close())
    app.post(
      '/n',
      { schema: { body: { n: { type: 'integer', even: true } } } },
      async (r) => r.body,
    )
    const ok = await app.inject({ method: 'POST', url: '/n', payload: { n: '4' } })
    assert.deepEqual(ok.json(), { n: 4 })
    const bad = await app.inject({ method: 'POST', url: '/n', payload: { n: 3 } })
    assert.deepEqual(bad.json(), badRequest('body/n should pass "even" keyword validation'))
  })

  test('Validator compiler 2: a plugin may be given as [plugin, options]', async (t) => {
    const app = arbor({ ajv: { plugins: [[evenPlugin, { keyword: 'isEven' }]] } })
    t.after(() => app.close())
    app.post(
      '/n',
      { schema: { body: { n: { type: 'integer', isEven: true } } } },
      async (r) => r.body,
    )
    const bad = await app.inject({ method: 'POST', url: '/n', payload: { n: 5 } })
    assert.deepEqual(bad.json(), badRequest('body/n should pass "isEven" keyword validation'))
  })

  test('Validator compiler 2: without a plugin, an unknown keyword ($merge) fails at ready(), naming the route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/m',
      { schema: { body: { $merge: { source: { type: 'object' }, with: { required: ['a'] } } } } },
      async () => 'x',
    )
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_SCH_VALIDATION_BUILD')
      assert.match(err.message, /POST: \/m/)
      assert.match(err.message, /unknown keyword: "\$merge"/)
      return true
    })
  })

  test('Validator compiler 2: $merge becomes available through a plugin (a minimal stand-in for ajv-merge-patch)', async (t) => {
    // Besides the real ajv-merge-patch (next test), any Ajv plugin works; this one gives `$merge` the
    // additive meaning it has in the spec's examples, to prove the plugin path end to end.
    const mergePlugin = (ajv: Ajv) => {
      ajv.addKeyword({
        keyword: '$merge',
        macro: (s: { source: object; with: object }) => ({ allOf: [s.source, s.with] }),
      })
      return ajv
    }
    const app = arbor({ ajv: { plugins: [mergePlugin] } })
    t.after(() => app.close())
    app.post(
      '/m',
      {
        schema: {
          body: {
            $merge: {
              source: { type: 'object', properties: { a: { type: 'integer' } } },
              with: { type: 'object', required: ['a'] },
            },
          },
        },
      },
      async (r) => r.body,
    )
    const bad = await app.inject({ method: 'POST', url: '/m', payload: {} })
    assert.deepEqual(
      bad.json(),
      badRequest(
        `body should have required property 'a', body should pass "$merge" keyword validation`,
      ),
    )
    const ok = await app.inject({ method: 'POST', url: '/m', payload: { a: 1 } })
    assert.deepEqual(ok.json(), { a: 1 })
  })

  test('Validator compiler 2: $merge and $patch with the real ajv-merge-patch plugin', async (t) => {
    // Imported by name: the package ships no type declarations.
    const name = 'ajv-merge-patch'
    const mergePatch = ((await import(name)) as { default: unknown }).default
    const app = arbor({ ajv: { plugins: [mergePatch] } })
    t.after(() => app.close())
    // ajv-merge-patch applies the patch to its source in place: each route gets its own copy.
    const base = () => ({
      type: 'object',
      properties: { a: { type: 'number' } },
      required: ['a'],
    })
    app.post(
      '/merge',
      {
        schema: {
          body: {
            $merge: {
              source: base(),
              with: { properties: { b: { type: 'string' } }, required: ['b'] },
            },
          },
        },
      },
      async (request) => request.body,
    )
    app.post(
      '/patch',
      {
        schema: {
          body: {
            $patch: {
              source: base(),
              with: [{ op: 'add', path: '/properties/c', value: { type: 'boolean' } }],
            },
          },
        },
      },
      async (request) => request.body,
    )
    const merged = await app.inject({ method: 'POST', url: '/merge', payload: { a: 1, b: 'x' } })
    assert.equal(merged.statusCode, 200)
    assert.deepEqual(merged.json(), { a: 1, b: 'x' })
    const missing = await app.inject({ method: 'POST', url: '/merge', payload: { a: 1 } })
    assert.equal(missing.statusCode, 400)
    assert.match((missing.json() as { message: string }).message, /required property 'b'/)
    const patched = await app.inject({ method: 'POST', url: '/patch', payload: { a: 1, c: 'no' } })
    assert.equal(patched.statusCode, 400)
    assert.match((patched.json() as { message: string }).message, /body\/c should be boolean/)
  })

  test('Validator compiler 2: ajv.plugins that is not an array fails at construction', () => {
    assert.throws(
      () => arbor({ ajv: { plugins: {} as unknown as unknown[] } }),
      (err: Error & { code?: string }) => err.code === 'FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_ARR',
    )
  })
})

describe('Validator compiler 3-4: setValidatorCompiler', () => {
  test('Validator compiler 3: the compiler receives exactly { schema, method, url, httpPart } once per declared part', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const inputs: ValidatorCompilerInput[] = []
    app.setValidatorCompiler((input) => {
      inputs.push(input)
      return () => true
    })
    const schema = {
      body: { type: 'object', properties: { b: { type: 'string' } } },
      querystring: { type: 'object', properties: { q: { type: 'string' } } },
      params: { type: 'object', properties: { id: { type: 'string' } } },
      headers: { type: 'object', properties: { h: { type: 'string' } } },
    }
    app.post('/things/:id', { schema }, async () => 'x')
    await app.ready()
    const byPart = new Map(inputs.map((i) => [i.httpPart, i]))
    assert.deepEqual([...byPart.keys()].sort(), ['body', 'headers', 'params', 'querystring'])
    assert.equal(inputs.length, 4)
    for (const [part, input] of byPart) {
      assert.deepEqual(Object.keys(input).sort(), ['httpPart', 'method', 'schema', 'url'])
      assert.equal(input.method, 'POST')
      assert.equal(input.url, '/things/:id')
      assert.deepEqual(input.schema, schema[part])
    }
  })

  test('Validator compiler 3: a shorthand part schema reaches the compiler as a complete object schema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const inputs: ValidatorCompilerInput[] = []
    app.setValidatorCompiler((input) => {
      inputs.push(input)
      return () => true
    })
    app.get('/q', { schema: { querystring: { page: { type: 'integer' } } } }, async () => 'x')
    await app.ready()
    assert.deepEqual(inputs[0]?.schema, {
      type: 'object',
      properties: { page: { type: 'integer' } },
    })
    assert.equal(inputs[0]?.httpPart, 'querystring')
  })

  test('Validator compiler 3: the returned function is called with the data of its part', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: Record<string, unknown> = {}
    app.setValidatorCompiler(({ httpPart }) => (data) => {
      seen[httpPart] =
        httpPart === 'headers' ? (data as Record<string, unknown>)['x-h'] : structuredClone(data)
      return true
    })
    app.post(
      '/d/:id',
      { schema: { body: {}, querystring: {}, params: {}, headers: {} } },
      async () => 'x',
    )
    const res = await app.inject({
      method: 'POST',
      url: '/d/7?q=1',
      payload: { b: true },
      headers: { 'x-h': 'hv' },
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(seen, {
      params: { id: '7' },
      body: { b: true },
      querystring: { q: '1' },
      headers: 'hv',
    })
  })

  test('Validator compiler 4: Ajv-style result, false with .errors, is formatted like the default engine, in its own words', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setValidatorCompiler(() => {
      const fn = ((data: unknown) => {
        if ((data as { ok?: boolean }).ok === true) return true
        fn.errors = [
          { instancePath: '/ok', keyword: 'const', message: 'must be equal to constant' },
        ]
        return false
      }) as ValidatorFunction
      return fn
    })
    app.post('/x', { schema: { body: { type: 'object' } } }, async () => ({ passed: true }))
    assert.deepEqual(
      (await app.inject({ method: 'POST', url: '/x', payload: { ok: true } })).json(),
      {
        passed: true,
      },
    )
    const bad = await app.inject({ method: 'POST', url: '/x', payload: { ok: false } })
    assert.deepEqual(bad.json(), badRequest('body/ok must be equal to constant'))
  })

  test('Validator compiler 4: { value } reports success and hands the coerced value to the handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setValidatorCompiler(({ httpPart }) => (data) => ({
      value: { ...(data as object), checkedAs: httpPart },
    }))
    app.post('/v/:id', { schema: { body: {}, querystring: {}, params: {} } }, async (r) => ({
      body: r.body,
      query: r.query,
      params: r.params,
    }))
    const res = await app.inject({ method: 'POST', url: '/v/1?q=2', payload: { b: 3 } })
    assert.deepEqual(res.json(), {
      body: { b: 3, checkedAs: 'body' },
      query: { q: '2', checkedAs: 'querystring' },
      params: { id: '1', checkedAs: 'params' },
    })
  })

  test('Validator compiler 4: { error } reports failure: 400 with that error’s message', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setValidatorCompiler(({ httpPart }) => () => ({
      error: new Error(`${httpPart} rejected by the custom engine`),
    }))
    app.get('/e', { schema: { querystring: { type: 'object' } } }, async () => 'never')
    const res = await app.inject('/e')
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), badRequest('querystring rejected by the custom engine'))
  })
})

describe('Validator compiler 5: the per-route validatorCompiler option', () => {
  test('Route options: a per-route validatorCompiler has the same signature and wins over the instance compiler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const instanceInputs: string[] = []
    const routeInputs: ValidatorCompilerInput[] = []
    app.setValidatorCompiler(({ url }) => {
      instanceInputs.push(url)
      return () => ({ value: 'instance' })
    })
    app.post(
      '/own',
      {
        schema: { body: { type: 'object' } },
        validatorCompiler: (input) => {
          routeInputs.push(input)
          return () => ({ value: 'route' })
        },
      },
      async (r) => ({ body: r.body }),
    )
    app.post('/other', { schema: { body: { type: 'object' } } }, async (r) => ({ body: r.body }))
    assert.deepEqual((await app.inject({ method: 'POST', url: '/own', payload: {} })).json(), {
      body: 'route',
    })
    assert.deepEqual((await app.inject({ method: 'POST', url: '/other', payload: {} })).json(), {
      body: 'instance',
    })
    assert.deepEqual(instanceInputs, ['/other'])
    assert.deepEqual(
      routeInputs.map((i) => [i.method, i.url, i.httpPart]),
      [['POST', '/own', 'body']],
    )
  })

  test('Route options: a per-route validatorCompiler replaces the default Ajv compiler for that route only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const strict = new Ajv({ ...baseline, coerceTypes: false })
    const schema = { body: { type: 'object', properties: { n: { type: 'integer' } } } }
    app.post(
      '/strict',
      { schema, validatorCompiler: ({ schema: s }) => asValidator(strict.compile(s)) },
      async (r) => r.body,
    )
    app.post('/default', { schema }, async (r) => r.body)
    const strictRes = await app.inject({ method: 'POST', url: '/strict', payload: { n: '1' } })
    assert.deepEqual(strictRes.json(), badRequest('body/n must be integer'))
    const defaultRes = await app.inject({ method: 'POST', url: '/default', payload: { n: '1' } })
    assert.deepEqual(defaultRes.json(), { n: 1 })
  })
})

describe('Validator compiler 6: a compiler per httpPart', () => {
  test('Validator compiler 6: coercion off for the body only, on for params, querystring and headers', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const noCoercion = new Ajv({ ...baseline, coerceTypes: false })
    const coercion = new Ajv(baseline)
    app.setValidatorCompiler(({ schema, httpPart }) =>
      asValidator(httpPart === 'body' ? noCoercion.compile(schema) : coercion.compile(schema)),
    )
    const n = { type: 'object', properties: { n: { type: 'integer' } } }
    app.post(
      '/p/:n',
      { schema: { body: n, params: n, querystring: n, headers: { 'x-n': { type: 'integer' } } } },
      async (r) => ({
        body: (r.body as { n: unknown }).n,
        params: (r.params as { n: unknown }).n,
        query: (r.query as { n: unknown }).n,
        header: r.headers['x-n'],
      }),
    )
    const coerced = await app.inject({
      method: 'POST',
      url: '/p/1?n=2',
      payload: { n: 3 },
      headers: { 'x-n': '4' },
    })
    assert.equal(coerced.statusCode, 200)
    assert.deepEqual(coerced.json(), { body: 3, params: 1, query: 2, header: 4 })
    const stringBody = await app.inject({ method: 'POST', url: '/p/1?n=2', payload: { n: '3' } })
    assert.equal(stringBody.statusCode, 400)
    assert.deepEqual(stringBody.json(), badRequest('body/n must be integer'))
  })
})

describe('Validator compiler 7: a custom validator instance and its own schemas', () => {
  const shared = { $id: 'shared', type: 'object', required: ['s'] }
  const own = { $id: 'own', type: 'object', required: ['o'] }

  test('Validator compiler 7: schemas added to the custom validator resolve; addSchema has no effect on it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const custom = new Ajv(baseline)
    custom.addSchema(own)
    app.addSchema(shared)
    app.setValidatorCompiler(({ schema }) => asValidator(custom.compile(schema)))
    app.post('/own', { schema: { body: { $ref: 'own#' } } }, async (r) => r.body)
    const res = await app.inject({ method: 'POST', url: '/own', payload: {} })
    assert.deepEqual(res.json(), badRequest("body must have required property 'o'"))

    const other = arbor()
    t.after(() => other.close())
    const bare = new Ajv(baseline)
    other.addSchema(shared)
    other.setValidatorCompiler(({ schema }) => asValidator(bare.compile(schema)))
    other.post('/shared', { schema: { body: { $ref: 'shared#' } } }, async () => 'x')
    await assert.rejects(other.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_SCH_VALIDATION_BUILD')
      assert.match(err.message, /POST: \/shared/)
      assert.match(err.message, /can't resolve reference shared#/)
      return true
    })
  })

  test('Validator compiler 7: getSchemas() and getSchema(id) give the custom validator access to the framework’s schemas', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addSchema(shared)
    assert.deepEqual(app.getSchema('shared'), shared)
    const custom = new Ajv(baseline)
    for (const schema of Object.values(app.getSchemas())) custom.addSchema(schema)
    app.setValidatorCompiler(({ schema }) => asValidator(custom.compile(schema)))
    app.post('/shared', { schema: { body: { $ref: 'shared#' } } }, async (r) => r.body)
    const bad = await app.inject({ method: 'POST', url: '/shared', payload: {} })
    assert.deepEqual(bad.json(), badRequest("body must have required property 's'"))
    const ok = await app.inject({ method: 'POST', url: '/shared', payload: { s: 1 } })
    assert.deepEqual(ok.json(), { s: 1 })
  })
})

describe('Validator compiler 8: another validation library', () => {
  // A stand-in for another engine: it reports errors in its own shape.
  const otherEngine: ValidatorCompiler = () => (data) => {
    const missing = (data as { name?: unknown }).name === undefined
    return missing ? { error: [{ field: 'name', problem: 'missing' }] } : { value: data }
  }

  test('Validator compiler 8: another engine’s error shape gives an odd, incomplete default message', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setValidatorCompiler(otherEngine)
    app.post('/x', { schema: { body: {} } }, async (r) => r.body)
    const res = await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), badRequest('body is invalid'))
  })

  test('Validator compiler 8: remedy 1, errors returned in the default engine’s structure, give the usual message shape', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setValidatorCompiler(() => (data) => {
      if ((data as { name?: unknown }).name !== undefined) return { value: data }
      return {
        error: [
          {
            instancePath: '',
            keyword: 'required',
            params: { missingProperty: 'name' },
            message: "must have required property 'name'",
          },
        ],
      }
    })
    app.post('/x', { schema: { body: {} } }, async (r) => r.body)
    const res = await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.deepEqual(res.json(), badRequest("body must have required property 'name'"))
  })

  test('Validator compiler 8: remedy 2, a custom error handler builds the reply from error.validation', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setValidatorCompiler(otherEngine)
    app.setErrorHandler((error, _request, reply) => {
      if (error.validation === undefined) return reply.send(error)
      const problems = error.validation as Array<{ field: string; problem: string }>
      reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: problems
          .map((p) => `${error.validationContext}.${p.field} is ${p.problem}`)
          .join('; '),
      })
    })
    app.post('/x', { schema: { body: {} } }, async (r) => r.body)
    const res = await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'body.name is missing',
    })
  })
})

describe('Errors: compiler failures', () => {
  // The spec's sample compiler: one Ajv per httpPart, guarding against a missing part.
  function sampleCompiler(compilers: Partial<Record<string, Ajv>>): ValidatorCompiler {
    return (req) => {
      if (!req.httpPart) throw new Error('Missing httpPart')
      const compiler = compilers[req.httpPart]
      if (!compiler) throw new Error(`Missing compiler for ${req.httpPart}`)
      return asValidator(compiler.compile(req.schema))
    }
  }

  test('Errors: arbor always passes httpPart, so the sample compiler’s missing-part guard never fires', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const all = new Ajv(baseline)
    const parts: string[] = []
    const sample = sampleCompiler({ body: all, params: all, querystring: all, headers: all })
    app.setValidatorCompiler((input) => {
      parts.push(input.httpPart)
      return sample(input)
    })
    app.post(
      '/x/:id',
      { schema: { body: {}, params: {}, querystring: {}, headers: {} } },
      async () => 'ok',
    )
    await app.ready()
    assert.deepEqual(parts.sort(), ['body', 'headers', 'params', 'querystring'])
    assert.throws(
      () => sample({ schema: {}, method: 'GET', url: '/' } as unknown as ValidatorCompilerInput),
      /^Error: Missing httpPart$/,
    )
  })

  test('Errors: a custom compiler with no entry for the httpPart throws; ready() fails naming the route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setValidatorCompiler(sampleCompiler({ body: new Ajv(baseline) }))
    app.get('/h', { schema: { headers: { 'x-a': { type: 'string' } } } }, async () => 'x')
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_SCH_VALIDATION_BUILD')
      assert.match(err.message, /for GET: \/h, due to error/)
      assert.match(err.message, /Missing compiler for headers/)
      return true
    })
  })

  test('What the service does 5: replacing the validator leaves the serializer alone, and vice versa', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setValidatorCompiler(() => () => ({ value: { replaced: 'validator' } }))
    app.post(
      '/x',
      {
        schema: {
          body: { type: 'object' },
          response: { 200: { type: 'object', properties: { replaced: { type: 'string' } } } },
        },
      },
      async (r) => ({ ...(r.body as object), hidden: 1 }),
    )
    const res = await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.equal(res.body, '{"replaced":"validator"}', 'the default serializer still strips')
  })
})

describe('Security rules for schemas 2: $async', () => {
  const asyncBody = {
    $async: true,
    type: 'object',
    required: ['n'],
    properties: { n: { type: 'integer' } },
  }

  // As in Fastify, the error an $async validator rejects with (Ajv's ValidationError) is passed
  // on as it is: its message is Ajv's 'validation failed', its `errors` list what failed.
  test('Security rules for schemas 2: an $async body schema still validates: a failure is a 400, never a handler call', async (t) => {
    const app: App = arbor()
    t.after(() => app.close())
    let handlerCalls = 0
    const seen: Array<Error & { errors?: Array<{ message?: string }> }> = []
    app.setErrorHandler((error, _request, reply) => {
      seen.push(error as never)
      reply.send(error)
    })
    app.post('/a', { schema: { body: asyncBody } }, async () => {
      handlerCalls++
      return 'x'
    })
    const missing = await app.inject({ method: 'POST', url: '/a', payload: {} })
    assert.equal(missing.statusCode, 400)
    assert.deepEqual(missing.json(), badRequest('validation failed'))
    const wrong = await app.inject({ method: 'POST', url: '/a', payload: { n: 'x' } })
    assert.deepEqual(wrong.json(), badRequest('validation failed'))
    assert.equal(handlerCalls, 0)
    assert.deepEqual(
      seen.map((e) => e.errors?.[0]?.message),
      ["must have required property 'n'", 'must be integer'],
    )
  })

  test('Security rules for schemas 2: an $async schema coerces, and validation still completes before preHandler', async (t) => {
    const app: App = arbor()
    t.after(() => app.close())
    const order: string[] = []
    app.addHook('preHandler', async (request) => {
      order.push(`preHandler ${JSON.stringify(request.body)}`)
    })
    app.post('/a', { schema: { body: asyncBody } }, async (r) => {
      order.push('handler')
      return r.body
    })
    const res = await app.inject({ method: 'POST', url: '/a', payload: { n: '5' } })
    assert.deepEqual(res.json(), { n: 5 })
    assert.deepEqual(order, ['preHandler {"n":5}', 'handler'])
  })

  test('Security rules for schemas 2: an $async failure in one part stops later parts and reports that part', async (t) => {
    const app: App = arbor()
    t.after(() => app.close())
    app.post(
      '/a/:id',
      {
        schema: {
          params: { $async: true, type: 'object', properties: { id: { type: 'integer' } } },
          querystring: { type: 'object', required: ['q'] },
        },
      },
      async () => 'x',
    )
    let context: string | undefined
    app.setErrorHandler((error, _request, reply) => {
      context = error.validationContext
      reply.send(error)
    })
    const params = await app.inject({ method: 'POST', url: '/a/x?q=1', payload: {} })
    assert.deepEqual(params.json(), badRequest('validation failed'))
    assert.equal(context, 'params')
    const query = await app.inject({ method: 'POST', url: '/a/1', payload: {} })
    assert.deepEqual(query.json(), badRequest("querystring should have required property 'q'"))
  })

  test('Security rules for schemas 2: the recommended alternative, asynchronous checks in a preHandler after validation', async (t) => {
    const app: App = arbor()
    t.after(() => app.close())
    const taken = new Set(['ada'])
    app.post(
      '/users',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
        preHandler: async (request, reply) => {
          const { name } = request.body as { name: string }
          await Promise.resolve() // stands for a database read
          if (taken.has(name)) return reply.code(409).send({ message: `${name} is taken` })
        },
      },
      async () => ({ created: true }),
    )
    assert.equal((await app.inject({ method: 'POST', url: '/users', payload: {} })).statusCode, 400)
    const conflict = await app.inject({ method: 'POST', url: '/users', payload: { name: 'ada' } })
    assert.equal(conflict.statusCode, 409)
    assert.deepEqual(conflict.json(), { message: 'ada is taken' })
    const created = await app.inject({ method: 'POST', url: '/users', payload: { name: 'bob' } })
    assert.deepEqual(created.json(), { created: true })
  })
})
