import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

// The order of the request lifecycle (docs/hooks.md):
// routing → onRequest → preParsing → body parsing → preValidation → validation → preHandler
// → handler → preSerialization → serialization → onSend → response written → onResponse

const REQUEST_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
] as const

const FULL_ORDER = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'handler',
  'preSerialization',
  'onSend',
  'onResponse',
]

/**
 * A route-level onResponse runs after every context onResponse hook: resolving a promise
 * from it tells the test that the whole chain has run, whenever inject() itself resolves.
 */
function responseSignal(): { onResponse: () => Promise<void>; responded: Promise<void> } {
  let resolve!: () => void
  const responded = new Promise<void>((r) => {
    resolve = r
  })
  return { onResponse: async () => resolve(), responded }
}

describe('lifecycle order', { timeout: 10_000 }, () => {
  test('one POST with a JSON body runs every request hook in the lifecycle order', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    // Registered in reverse so the order observed comes from the lifecycle, not from addHook calls.
    for (const name of [...REQUEST_HOOKS].reverse()) {
      app.addHook(name, async () => {
        seen.push(name)
      })
    }
    const { onResponse, responded } = responseSignal()
    app.post('/items', { onResponse }, async (request) => {
      seen.push('handler')
      return { received: request.body }
    })

    const res = await app.inject({ method: 'POST', url: '/items', payload: { name: 'x' } })
    await responded

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { received: { name: 'x' } })
    assert.deepEqual(seen, FULL_ORDER)
  })

  test('callback-style hooks (done) run in the same order as async ones', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('onResponse', (_request, _reply, done) => {
      seen.push('onResponse')
      done()
    })
    app.addHook('onSend', (_request, _reply, payload, done) => {
      seen.push('onSend')
      done(null, payload)
    })
    app.addHook('preSerialization', (_request, _reply, payload, done) => {
      seen.push('preSerialization')
      done(null, payload)
    })
    app.addHook('preHandler', (_request, _reply, done) => {
      seen.push('preHandler')
      done()
    })
    app.addHook('preValidation', (_request, _reply, done) => {
      seen.push('preValidation')
      done()
    })
    app.addHook('preParsing', (_request, _reply, payload, done) => {
      seen.push('preParsing')
      done(null, payload)
    })
    app.addHook('onRequest', (_request, _reply, done) => {
      seen.push('onRequest')
      done()
    })
    const { onResponse, responded } = responseSignal()
    app.post('/items', { onResponse }, (request, reply) => {
      seen.push('handler')
      reply.send({ received: request.body })
    })

    const res = await app.inject({ method: 'POST', url: '/items', payload: { name: 'x' } })
    await responded

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { received: { name: 'x' } })
    assert.deepEqual(seen, FULL_ORDER)
  })

  test('body parsing, validation and serialization run between the hooks that surround them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    for (const name of REQUEST_HOOKS) {
      app.addHook(name, async () => {
        seen.push(name)
      })
    }
    app.addContentTypeParser(
      'application/x-ordered',
      { parseAs: 'string' },
      (_request, body, done) => {
        seen.push('parse')
        done(null, JSON.parse(String(body)))
      },
    )
    const { onResponse, responded } = responseSignal()
    app.route({
      method: 'POST',
      url: '/items',
      onResponse,
      schema: {
        body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
      },
      validatorCompiler: () => (data: unknown) => {
        seen.push('validate')
        return { value: data }
      },
      serializerCompiler: () => (data: unknown) => {
        seen.push('serialize')
        return JSON.stringify(data)
      },
      handler: async (request) => {
        seen.push('handler')
        return request.body
      },
    })

    const res = await app.inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'application/x-ordered' },
      payload: JSON.stringify({ name: 'x' }),
    })
    await responded

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { name: 'x' })
    assert.deepEqual(seen, [
      'onRequest',
      'preParsing',
      'parse',
      'preValidation',
      'validate',
      'preHandler',
      'handler',
      'preSerialization',
      'serialize',
      'onSend',
      'onResponse',
    ])
  })

  test('several hooks of one kind in one context run in registration order', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('preHandler', async () => {
      seen.push('first')
    })
    app.addHook('preHandler', (_request, _reply, done) => {
      seen.push('second')
      done()
    })
    app.addHook('preHandler', async () => {
      seen.push('third')
    })
    app.get('/', async () => {
      seen.push('handler')
      return { ok: true }
    })

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(seen, ['first', 'second', 'third', 'handler'])
  })

  test('onResponse runs after the response has been written', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let writableEnded: boolean | undefined
    app.addHook('onResponse', async (_request, reply) => {
      writableEnded = reply.raw.writableEnded
    })
    const { onResponse, responded } = responseSignal()
    app.get('/', { onResponse }, async () => ({ ok: true }))

    const res = await app.inject({ method: 'GET', url: '/' })
    await responded

    assert.equal(res.statusCode, 200)
    assert.equal(writableEnded, true)
  })
})

describe('States and transitions: schema validation completes before the preHandler hook runs', () => {
  test('States and transitions: an invalid body gets 400 and neither preHandler nor the handler runs', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('preValidation', async () => {
      seen.push('preValidation')
    })
    app.addHook('preHandler', async () => {
      seen.push('preHandler')
    })
    app.post(
      '/users',
      {
        schema: {
          body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
      async () => {
        seen.push('handler')
        return { ok: true }
      },
    )

    const res = await app.inject({ method: 'POST', url: '/users', payload: { other: 1 } })

    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: "body should have required property 'name'",
    })
    assert.deepEqual(seen, ['preValidation'])
  })

  test('States and transitions: an invalid querystring gets 400 and preHandler never runs', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let preHandlerCalls = 0
    app.addHook('preHandler', async () => {
      preHandlerCalls++
    })
    app.get(
      '/n',
      { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } },
      async (request) => ({ query: request.query }),
    )

    const res = await app.inject({ method: 'GET', url: '/n?n=abc' })

    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'querystring/n should be integer',
    })
    assert.equal(preHandlerCalls, 0)
  })

  test('States and transitions: preHandler sees the querystring already coerced (?n=5 arrives as the number 5)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let seenInPreHandler: unknown
    app.addHook('preHandler', async (request) => {
      // A copy, so the assertion compares values whatever prototype the query object has.
      seenInPreHandler = { ...(request.query as Record<string, unknown>) }
    })
    app.get(
      '/n',
      { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } },
      async (request) => ({ query: request.query }),
    )

    const res = await app.inject({ method: 'GET', url: '/n?n=5' })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { query: { n: 5 } })
    assert.deepEqual(seenInPreHandler, { n: 5 })
    assert.equal(typeof (seenInPreHandler as { n: unknown }).n, 'number')
  })

  test('States and transitions: preHandler sees the body after validation applied defaults and coercion', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let seenInPreValidation: unknown
    let seenInPreHandler: unknown
    app.addHook('preValidation', async (request) => {
      seenInPreValidation = structuredClone(request.body)
    })
    app.addHook('preHandler', async (request) => {
      seenInPreHandler = structuredClone(request.body)
    })
    app.post(
      '/users',
      {
        schema: {
          body: {
            type: 'object',
            properties: { age: { type: 'integer' }, role: { type: 'string', default: 'user' } },
            required: ['age'],
          },
        },
      },
      async (request) => request.body,
    )

    const res = await app.inject({ method: 'POST', url: '/users', payload: { age: '42' } })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(seenInPreValidation, { age: '42' })
    assert.deepEqual(seenInPreHandler, { age: 42, role: 'user' })
    assert.deepEqual(res.json(), { age: 42, role: 'user' })
  })

  test('States and transitions: with attachValidation, preHandler already sees request.validationError', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let contextInPreHandler: unknown
    app.addHook('preHandler', async (request) => {
      contextInPreHandler = request.validationError?.validationContext
    })
    app.post(
      '/users',
      {
        attachValidation: true,
        schema: {
          body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
      async (request) => ({ failed: request.validationError !== undefined }),
    )

    const res = await app.inject({ method: 'POST', url: '/users', payload: {} })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { failed: true })
    assert.equal(contextInPreHandler, 'body')
  })

  test('States and transitions: preValidation runs before validation and may fix the body it checks', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('preValidation', async (request) => {
      const body = request.body as Record<string, unknown>
      body.name ??= 'filled by preValidation'
    })
    app.post(
      '/users',
      {
        schema: {
          body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
      async (request) => request.body,
    )

    const res = await app.inject({ method: 'POST', url: '/users', payload: {} })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { name: 'filled by preValidation' })
  })
})
