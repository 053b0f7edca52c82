// Spec "Route options" (attachValidation), "Request and reply members used"
// (request.validationError) and "Validation behaviour per route" 7.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborRequest, type SchemaValidationError } from '../../src/index.ts'

/** What the handler reports about request.validationError. */
function describeValidationError(request: ArborRequest) {
  const error = request.validationError
  if (error === undefined) return { validationError: null }
  return {
    isError: error instanceof Error,
    message: error.message,
    statusCode: (error as Error & { statusCode?: number }).statusCode,
    validationContext: error.validationContext,
    validation: error.validation,
  }
}

describe('Route options: attachValidation', () => {
  test('Validation behaviour per route 7: with attachValidation the handler runs and reads request.validationError.validation', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/users',
      {
        attachValidation: true,
        schema: { body: { type: 'object', required: ['name'] } },
      },
      async (request) => describeValidationError(request),
    )
    const res = await app.inject({ method: 'POST', url: '/users', payload: {} })
    assert.equal(res.statusCode, 200, 'no automatic 400')
    assert.deepEqual(res.json(), {
      isError: true,
      message: "body should have required property 'name'",
      statusCode: 400,
      validationContext: 'body',
      validation: [
        {
          instancePath: '',
          schemaPath: '#/required',
          keyword: 'required',
          params: { missingProperty: 'name' },
          message: "must have required property 'name'",
        },
      ],
    })
  })

  test('Request and reply members used: request.validationError is absent when validation passes', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/users',
      { attachValidation: true, schema: { body: { type: 'object', required: ['name'] } } },
      async (request) => ({ ...describeValidationError(request), body: request.body }),
    )
    const res = await app.inject({ method: 'POST', url: '/users', payload: { name: 'ada' } })
    assert.deepEqual(res.json(), { validationError: null, body: { name: 'ada' } })
  })

  for (const [part, request, context] of [
    ['params', { url: '/p/x' }, 'params'],
    ['querystring', { url: '/p/1' }, 'query'],
    ['headers', { url: '/p/1?q=1' }, 'headers'],
  ] as const) {
    test(`Route options: attachValidation attaches a ${part} failure too`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.get(
        '/p/:id',
        {
          attachValidation: true,
          schema: {
            params: { id: { type: 'integer' } },
            querystring: { type: 'object', required: ['q'] },
            headers: { type: 'object', required: ['x-h'] },
          },
        },
        async (r) => describeValidationError(r),
      )
      const res = await app.inject(request)
      assert.equal(res.statusCode, 200)
      const body = res.json() as { validationContext: string; statusCode: number }
      assert.equal(body.validationContext, context)
      assert.equal(body.statusCode, 400)
    })
  }

  test('Route options: the handler may answer a validation failure with its own status and payload', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/orders',
      {
        attachValidation: true,
        schema: {
          body: { type: 'object', required: ['sku'], properties: { qty: { type: 'integer' } } },
        },
      },
      async (request, reply) => {
        const error = request.validationError
        if (error !== undefined) {
          const first = (error.validation as SchemaValidationError[])[0]
          return reply
            .code(422)
            .send({ rejected: first?.params?.missingProperty ?? first?.instancePath })
        }
        return { accepted: request.body }
      },
    )
    const bad = await app.inject({ method: 'POST', url: '/orders', payload: { qty: 1 } })
    assert.equal(bad.statusCode, 422)
    assert.deepEqual(bad.json(), { rejected: 'sku' })
    const good = await app.inject({
      method: 'POST',
      url: '/orders',
      payload: { sku: 'a', qty: '2' },
    })
    assert.equal(good.statusCode, 200)
    assert.deepEqual(good.json(), { accepted: { sku: 'a', qty: 2 } })
  })

  test('Route options: with attachValidation, preHandler hooks run too and see request.validationError', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.post(
      '/x',
      {
        attachValidation: true,
        schema: { body: { type: 'object', required: ['a'] } },
        preHandler: async (request) => {
          seen.push(request.validationError?.message ?? 'none')
        },
      },
      async () => ({ ok: true }),
    )
    await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.deepEqual(seen, ["body should have required property 'a'"])
  })

  test('Route options: with attachValidation the custom error handler is not called for a validation failure', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let errorHandlerCalls = 0
    app.setErrorHandler((error, _request, reply) => {
      errorHandlerCalls++
      reply.send(error)
    })
    app.post(
      '/x',
      { attachValidation: true, schema: { body: { type: 'object', required: ['a'] } } },
      async () => ({ handled: 'by the handler' }),
    )
    const res = await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.deepEqual(res.json(), { handled: 'by the handler' })
    assert.equal(errorHandlerCalls, 0)
  })

  test('Route options: the attached error is the first failing part; later parts are not validated', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/p/:id',
      {
        attachValidation: true,
        schema: {
          params: { id: { type: 'integer' } },
          querystring: { type: 'object', properties: { n: { type: 'integer' } } },
        },
      },
      async (request) => ({
        context: request.validationError?.validationContext,
        query: request.query,
      }),
    )
    const res = await app.inject({ method: 'POST', url: '/p/x?n=5', payload: {} })
    assert.deepEqual(
      res.json(),
      { context: 'params', query: { n: '5' } },
      'the query was not coerced',
    )
  })

  test('Route options: attachValidation carries a custom validator’s { error } content in validation', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/x',
      {
        attachValidation: true,
        schema: { body: { type: 'object' } },
        validatorCompiler: () => () => ({ error: [{ field: 'a', problem: 'missing' }] }),
      },
      async (request) => ({
        validation: request.validationError?.validation,
        context: request.validationError?.validationContext,
      }),
    )
    const res = await app.inject({ method: 'POST', url: '/x', payload: {} })
    assert.deepEqual(res.json(), {
      validation: [{ field: 'a', problem: 'missing' }],
      context: 'body',
    })
  })

  test('Route options: attachValidation works for $async schemas too', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/x',
      {
        attachValidation: true,
        schema: { body: { $async: true, type: 'object', required: ['a'] } },
      },
      async (request) => ({ message: request.validationError?.message ?? null }),
    )
    const bad = await app.inject({ method: 'POST', url: '/x', payload: {} })
    // Ajv's own error for an $async schema, passed on as it is (as in Fastify)
    assert.deepEqual(bad.json(), { message: 'validation failed' })
    const good = await app.inject({ method: 'POST', url: '/x', payload: { a: 1 } })
    assert.deepEqual(good.json(), { message: null })
  })
})
