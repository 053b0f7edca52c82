// Spec "Validation error", "Validation failure payload", "Error formatting hooks", "Errors",
// "Limits", and DESIGN.md "Divergences" 1-2.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import ajvErrors from 'ajv-errors'
import arbor, {
  type ArborErrorLike,
  type ArborInstance,
  type ArborOptions,
  type SchemaValidationError,
} from '../../src/index.ts'
import { badRequest } from '../helpers/validation-error.ts'

type App = ArborInstance

/** A route with all four parts declared; each request below breaks exactly one of them. */
function fourParts(app: App, handler: () => unknown = async () => ({ ok: true })): void {
  app.post(
    '/p/:id',
    {
      schema: {
        params: { id: { type: 'integer' } },
        body: { type: 'object', required: ['name'] },
        querystring: { type: 'object', required: ['q'] },
        headers: { type: 'object', required: ['x-h'] },
      },
    },
    handler,
  )
}

const breaking = {
  params: {
    method: 'POST' as const,
    url: '/p/x?q=1',
    payload: { name: 'n' },
    headers: { 'x-h': 'v' },
  },
  body: { method: 'POST' as const, url: '/p/1?q=1', payload: {}, headers: { 'x-h': 'v' } },
  querystring: {
    method: 'POST' as const,
    url: '/p/1',
    payload: { name: 'n' },
    headers: { 'x-h': 'v' },
  },
  headers: { method: 'POST' as const, url: '/p/1?q=1', payload: { name: 'n' } },
}

const messages = {
  params: 'params/id should be integer',
  body: "body should have required property 'name'",
  querystring: "querystring should have required property 'q'",
  headers: "headers should have required property 'x-h'",
}

describe('Validation failure payload and Errors 1-2', () => {
  for (const part of ['params', 'body', 'querystring', 'headers'] as const) {
    test(`Validation failure payload: a failing ${part} gives 400 and exactly { statusCode, code, error, message }`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      fourParts(app)
      const res = await app.inject(breaking[part])
      assert.equal(res.statusCode, 400)
      assert.match(String(res.headers['content-type']), /^application\/json/)
      const body = res.json() as Record<string, unknown>
      assert.deepEqual(Object.keys(body).sort(), ['code', 'error', 'message', 'statusCode'])
      assert.deepEqual(body, badRequest(messages[part]))
    })
  }

  test('Errors 1-2: the error a custom handler sees carries statusCode 400, validation and validationContext', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: Record<string, ArborErrorLike> = {}
    app.setErrorHandler((error, request, reply) => {
      seen[request.url] = error
      reply.code(418).send({ handled: true })
    })
    fourParts(app)
    for (const part of ['params', 'body', 'headers'] as const) {
      const res = await app.inject(breaking[part])
      assert.equal(res.statusCode, 418, 'the custom handler chose the status')
      const error = seen[breaking[part].url]
      assert.ok(error instanceof Error)
      assert.equal(error.statusCode, 400)
      assert.equal(error.code, 'FST_ERR_VALIDATION')
      assert.equal(error.validationContext, part)
      assert.equal(error.message, messages[part])
      assert.ok(Array.isArray(error.validation))
      assert.equal((error.validation as SchemaValidationError[]).length, 1)
    }
    assert.deepEqual(seen['/p/1?q=1']?.validation, [
      {
        instancePath: '',
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'x-h' },
        message: "must have required property 'x-h'",
      },
    ])
  })

  // The spec wins over Fastify 4.25, which says 'querystring' here.
  test("Validation error: validationContext for the query string is 'query'", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let context: string | undefined
    app.setErrorHandler((error, _request, reply) => {
      context = error.validationContext
      reply.code(400).send({})
    })
    fourParts(app)
    await app.inject(breaking.querystring)
    assert.equal(context, 'query')
  })

  test('Errors 2: a custom validator’s { error } result becomes error.validation, with validationContext and statusCode 400', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const problem = { reason: 'custom engine said no' }
    app.setValidatorCompiler(() => () => ({ error: problem }))
    let seen: ArborErrorLike | undefined
    app.setErrorHandler((error, _request, reply) => {
      seen = error
      reply.send(error)
    })
    app.get('/h', { schema: { headers: { type: 'object' } } }, async () => 'x')
    const res = await app.inject('/h')
    assert.equal(res.statusCode, 400)
    assert.deepEqual(seen?.validation, problem)
    assert.equal(seen?.validationContext, 'headers')
    assert.equal(seen?.statusCode, 400)
  })

  test('Errors: when a custom error handler passes the validation error on, the default handler answers with its statusCode 400', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setErrorHandler(async (error) => {
      throw error
    })
    fourParts(app)
    const res = await app.inject(breaking.body)
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), badRequest(messages.body))
  })
})

describe('DESIGN.md Divergences 1-2: wording and code', () => {
  test('Divergences 1: every default message says "should" where Ajv says "must"; error.validation keeps Ajv’s own words', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const raw: string[] = []
    app.setErrorHandler((error, _request, reply) => {
      raw.push((error.validation as SchemaValidationError[])[0]?.message ?? '')
      reply.send(error)
    })
    app.post(
      '/w',
      {
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            properties: {
              s: { type: 'string', maxLength: 1 },
              n: { type: 'number', minimum: 1 },
              e: { enum: ['a'] },
              f: { type: 'string', format: 'date' },
            },
          },
        },
      },
      async () => 'x',
    )
    const cases: Array<[object, string]> = [
      [{ s: 'ab' }, 'body/s should NOT have more than 1 characters'],
      [{ n: 0 }, 'body/n should be >= 1'],
      [{ e: 'b' }, 'body/e should be equal to one of the allowed values'],
      [{ f: 'today' }, 'body/f should match format "date"'],
    ]
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/w', payload })
      assert.deepEqual(res.json(), badRequest(message))
    }
    assert.deepEqual(raw, [
      'must NOT have more than 1 characters',
      'must be >= 1',
      'must be equal to one of the allowed values',
      'must match format "date"',
    ])
  })

  test('Divergences 2: the 400 payload carries code FST_ERR_VALIDATION beside statusCode, error and message', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    fourParts(app)
    const res = await app.inject(breaking.params)
    assert.equal(res.json().code, 'FST_ERR_VALIDATION')
  })
})

describe('Error formatting hooks: schemaErrorFormatter', () => {
  test('Error formatting hooks: the factory option receives (errors, dataVar) and its Error becomes the 400 message', async (t) => {
    const calls: Array<[SchemaValidationError[], string]> = []
    const app = arbor({
      schemaErrorFormatter: (errors, dataVar) => {
        calls.push([errors, dataVar])
        return new Error(`Invalid ${dataVar}: ${errors.map((e) => e.keyword).join('+')}`)
      },
    })
    t.after(() => app.close())
    fourParts(app)
    const parts = ['params', 'body', 'querystring', 'headers'] as const
    for (const part of parts) {
      const res = await app.inject(breaking[part])
      assert.equal(res.statusCode, 400)
      const keyword = part === 'params' ? 'type' : 'required'
      assert.deepEqual(res.json(), badRequest(`Invalid ${part}: ${keyword}`))
    }
    assert.deepEqual(
      calls.map(([, dataVar]) => dataVar),
      ['params', 'body', 'querystring', 'headers'],
    )
    assert.equal(calls[1]?.[0][0]?.keyword, 'required')
    assert.equal(calls[1]?.[0][0]?.instancePath, '')
  })

  test('Errors 1: whatever Error the formatter returns, the validation error carries statusCode 400, validation and validationContext', async (t) => {
    let seen: ArborErrorLike | undefined
    const app = arbor({
      schemaErrorFormatter: () =>
        Object.assign(new Error('custom'), { statusCode: 422, code: 'MY_CODE' }),
    })
    t.after(() => app.close())
    app.setErrorHandler((error, _request, reply) => {
      seen = error
      reply.send(error)
    })
    fourParts(app)
    const res = await app.inject(breaking.body)
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), {
      statusCode: 400,
      code: 'MY_CODE',
      error: 'Bad Request',
      message: 'custom',
    })
    assert.equal(seen?.statusCode, 400)
    assert.equal(seen?.validationContext, 'body')
    assert.ok(Array.isArray(seen?.validation))
  })

  test('Error formatting hooks: with setSchemaErrorFormatter, `this` is the server instance it was set on', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let self: unknown
    app.register(async (child) => {
      child.decorate('product', 'shop')
      child.setSchemaErrorFormatter(function (this: App, errors, dataVar) {
        self = this
        const product = (this as unknown as { product: string }).product
        return new Error(`${product}: ${dataVar} has ${errors.length} problem(s)`)
      })
      child.get(
        '/c',
        { schema: { querystring: { type: 'object', required: ['q'] } } },
        async () => 'x',
      )
      child.get('/whoami', async function (this: App) {
        return { same: self === this }
      })
    })
    const res = await app.inject('/c')
    assert.deepEqual(res.json(), badRequest('shop: querystring has 1 problem(s)'))
    assert.deepEqual((await app.inject('/whoami')).json(), { same: true })
    assert.notEqual(self, app, 'the child instance, not the root')
  })

  test('Error formatting hooks: with the factory option, `this` is the root instance (as Fastify 4.25)', async (t) => {
    let self: unknown
    const app = arbor({
      schemaErrorFormatter: function (this: unknown) {
        self = this
        return new Error('x')
      },
    })
    t.after(() => app.close())
    fourParts(app)
    await app.inject(breaking.body)
    assert.equal(self, app)
  })

  test('Error formatting hooks: the formatter must be synchronous; an async one is refused in both forms', (t) => {
    const asyncFormatter = async () => new Error('x')
    assert.throws(
      () =>
        arbor({
          schemaErrorFormatter: asyncFormatter as unknown as ArborOptions['schemaErrorFormatter'],
        }),
      (err: Error & { code?: string }) => err.code === 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
    )
    const app = arbor()
    t.after(() => app.close())
    assert.throws(
      () => app.setSchemaErrorFormatter(asyncFormatter as unknown as () => Error),
      (err: Error & { code?: string }) => err.code === 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
    )
  })

  test('Error formatting hooks: a route-level schemaErrorFormatter wins over the instance one', async (t) => {
    const app = arbor({ schemaErrorFormatter: () => new Error('from the factory') })
    t.after(() => app.close())
    app.get(
      '/own',
      {
        schema: { querystring: { type: 'object', required: ['q'] } },
        schemaErrorFormatter: (_errors, dataVar) => new Error(`route formatter for ${dataVar}`),
      },
      async () => 'x',
    )
    app.get(
      '/other',
      { schema: { querystring: { type: 'object', required: ['q'] } } },
      async () => 'x',
    )
    assert.deepEqual(
      (await app.inject('/own')).json(),
      badRequest('route formatter for querystring'),
    )
    assert.deepEqual((await app.inject('/other')).json(), badRequest('from the factory'))
  })
})

describe('Error formatting hooks: setErrorHandler and localization', () => {
  test('Error formatting hooks: setErrorHandler may check error.validation and reply with a chosen status and payload', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setErrorHandler((error, _request, reply) => {
      if (error.validation) {
        reply.code(422).send({
          ok: false,
          where: error.validationContext,
          fields: (error.validation as SchemaValidationError[]).map(
            (e) => e.params?.missingProperty,
          ),
        })
        return
      }
      reply.send(error)
    })
    fourParts(app, async () => {
      throw Object.assign(new Error('boom'), { statusCode: 409 })
    })
    const invalid = await app.inject(breaking.body)
    assert.equal(invalid.statusCode, 422)
    assert.deepEqual(invalid.json(), { ok: false, where: 'body', fields: ['name'] })
    const other = await app.inject({ ...breaking.body, payload: { name: 'n' } })
    assert.equal(other.statusCode, 409, 'errors without .validation take the usual path')
    assert.equal(other.json().message, 'boom')
  })

  test('Error formatting hooks: localization, the validation error array passed to a localization helper, then 400 with error.validation', async (t) => {
    // A stand-in for ajv-i18n: it rewrites each error's message in place, by keyword.
    const french: Record<string, (e: SchemaValidationError) => string> = {
      required: (e) => `requiert la propriété ${String(e.params?.missingProperty)}`,
      type: (e) => `doit être de type ${String(e.params?.type)}`,
    }
    const localize = (errors: SchemaValidationError[]) => {
      for (const e of errors) e.message = french[e.keyword ?? '']?.(e) ?? e.message
    }
    const app = arbor()
    t.after(() => app.close())
    app.setErrorHandler((error, _request, reply) => {
      if (!error.validation) return reply.send(error)
      localize(error.validation as SchemaValidationError[])
      reply.code(400).send(error.validation)
    })
    fourParts(app)
    const res = await app.inject(breaking.body)
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), [
      {
        instancePath: '',
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'name' },
        message: 'requiert la propriété name',
      },
    ])
  })
})

describe('Limits and the errorMessage keyword', () => {
  const threeProblems = {
    type: 'object',
    required: ['a', 'b'],
    properties: { c: { type: 'integer' } },
  }

  async function validationOf(options: ArborOptions) {
    const app = arbor(options)
    let validation: unknown
    app.setErrorHandler((error, _request, reply) => {
      validation = error.validation
      reply.send(error)
    })
    app.post('/x', { schema: { body: threeProblems } }, async () => 'x')
    try {
      const res = await app.inject({ method: 'POST', url: '/x', payload: { c: 'x' } })
      return { validation: validation as SchemaValidationError[], body: res.json() as unknown }
    } finally {
      await app.close()
    }
  }

  test('Limits: allErrors defaults to false, so validation stops at the first error', async () => {
    const { validation, body } = await validationOf({})
    assert.equal(validation.length, 1)
    assert.deepEqual(body, badRequest("body should have required property 'a'"))
  })

  test('Limits: with customOptions { allErrors: true } every error is reported and the message lists them all', async () => {
    const { validation, body } = await validationOf({ ajv: { customOptions: { allErrors: true } } })
    assert.deepEqual(
      validation.map((e) => e.keyword),
      ['required', 'required', 'type'],
    )
    assert.deepEqual(
      body,
      badRequest(
        "body should have required property 'a', body should have required property 'b', body/c should be integer",
      ),
    )
  })

  test('Error formatting hooks: the errorMessage keyword needs its plugin; without it the route fails at ready()', async (t) => {
    const app = arbor({ ajv: { customOptions: { allErrors: true } } })
    t.after(() => app.close())
    app.post(
      '/x',
      {
        schema: {
          body: { type: 'object', required: ['a'], errorMessage: 'should be an object with a' },
        },
      },
      async () => 'x',
    )
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_SCH_VALIDATION_BUILD')
      assert.match(err.message, /unknown keyword: "errorMessage"/)
      return true
    })
  })

  test('Error formatting hooks: with ajv-errors and allErrors: true, errorMessage gives custom messages (string, per keyword, required per property)', async (t) => {
    const app = arbor({ ajv: { customOptions: { allErrors: true }, plugins: [ajvErrors] } })
    t.after(() => app.close())
    app.post(
      '/x',
      {
        schema: {
          body: {
            type: 'object',
            required: ['name', 'age'],
            properties: {
              name: { type: 'string', errorMessage: 'name should be a string' },
              age: {
                type: 'integer',
                minimum: 0,
                errorMessage: {
                  type: 'age should be a whole number',
                  minimum: 'age should not be negative',
                },
              },
            },
            errorMessage: { required: { name: 'name is needed', age: 'age is needed' } },
          },
        },
      },
      async () => 'x',
    )
    const missing = await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.deepEqual(missing.json(), badRequest('body name is needed, body age is needed'))
    // An object, not a number: coercion (coerceTypes 'array') would turn 1 into the string '1'.
    const wrong = await app.inject({
      method: 'POST',
      url: '/x',
      payload: { name: { first: 'ada' }, age: -1 },
    })
    assert.deepEqual(
      wrong.json(),
      badRequest('body/name name should be a string, body/age age should not be negative'),
    )
  })
})
