import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { errorCodes } from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

const withProps = (message: string, props: Record<string, unknown>) =>
  Object.assign(new Error(message), props)

describe('the default error handler', () => {
  test('a handler that throws gets 500 with a JSON payload and no stack', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/boom', () => {
      throw new Error('boom')
    })
    const res = await app.inject('/boom')
    assert.equal(res.statusCode, 500)
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(res.body, '{"statusCode":500,"error":"Internal Server Error","message":"boom"}')
    assert.doesNotMatch(res.body, /stack|error-handler\.test/)
  })

  test('an async handler that rejects gets the same 500', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/reject', async () => {
      await new Promise((resolve) => setImmediate(resolve))
      throw new Error('rejected')
    })
    const res = await app.inject('/reject')
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'rejected',
    })
  })

  test('a thrown error with statusCode 418 answers 418 with its status text', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/teapot', async () => {
      throw withProps('short and stout', { statusCode: 418 })
    })
    const res = await app.inject('/teapot')
    assert.equal(res.statusCode, 418)
    assert.deepEqual(res.json(), {
      statusCode: 418,
      error: "I'm a Teapot",
      message: 'short and stout',
    })
  })

  test('error.status is used when statusCode is absent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => {
      throw withProps('conflict', { status: 409 })
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 409)
    assert.deepEqual(res.json(), { statusCode: 409, error: 'Conflict', message: 'conflict' })
  })

  test('a statusCode below 400 becomes 500', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => {
      throw withProps('not an error status', { statusCode: 302 })
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'not an error status',
    })
  })

  test('the error code is included, in the order statusCode, code, error, message', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => {
      throw withProps('with code', { statusCode: 400, code: 'E_MINE', secret: 'hidden' })
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 400)
    assert.equal(
      res.body,
      '{"statusCode":400,"code":"E_MINE","error":"Bad Request","message":"with code"}',
    )
  })

  test('a status code set before the throw is kept when the error has none', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      reply.code(400)
      throw new Error('after code')
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), { statusCode: 400, error: 'Bad Request', message: 'after code' })
  })

  test('an error thrown in a hook goes through the error handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('onRequest', async () => {
      throw withProps('denied', { statusCode: 403 })
    })
    app.get('/', async () => 'never')
    const res = await app.inject('/')
    assert.equal(res.statusCode, 403)
    assert.deepEqual(res.json(), { statusCode: 403, error: 'Forbidden', message: 'denied' })
  })

  test('handler errors over real HTTP: 500, 418 and an async rejection', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/boom', () => {
      throw new Error('boom')
    })
    app.get('/teapot', async () => {
      throw withProps('tea', { statusCode: 418 })
    })
    app.get('/reject', () => Promise.reject(new Error('nope')))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const boom = await fetch(`${address}/boom`)
    assert.equal(boom.status, 500)
    assert.deepEqual(await boom.json(), {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'boom',
    })
    const teapot = await fetch(`${address}/teapot`)
    assert.equal(teapot.status, 418)
    assert.deepEqual(await teapot.json(), {
      statusCode: 418,
      error: "I'm a Teapot",
      message: 'tea',
    })
    const reject = await fetch(`${address}/reject`)
    assert.equal(reject.status, 500)
    assert.deepEqual(await reject.json(), {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'nope',
    })
  })
})

describe('error logging', () => {
  test('a 5xx is logged at error level with its stack; the client never sees the stack', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/boom', async () => {
      throw new Error('kaboom')
    })
    const res = await app.inject('/boom')
    assert.equal(res.statusCode, 500)
    const errors = lines.filter((l) => l.level === 50)
    assert.equal(errors.length, 1)
    const line = errors[0] ?? {}
    assert.equal(line.msg, 'kaboom')
    assert.equal(typeof line.reqId, 'string')
    const err = line.err as { type?: string; message?: string; stack?: string }
    assert.equal(err.type, 'Error')
    assert.equal(err.message, 'kaboom')
    assert.match(String(err.stack), /^Error: kaboom\n\s+at /)
    assert.match(String(err.stack), /error-handler\.test\.ts/)
    assert.doesNotMatch(res.body, /error-handler\.test\.ts|\bat\b/)
    assert.deepEqual(Object.keys(res.json()).sort(), ['error', 'message', 'statusCode'])
  })

  test('a 4xx is logged at info level, not error', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', async () => {
      throw withProps('bad input', { statusCode: 400 })
    })
    await app.inject('/')
    assert.equal(lines.filter((l) => l.level === 50).length, 0)
    const line = lines.find((l) => l.msg === 'bad input')
    assert.ok(line)
    assert.equal(line.level, 30)
  })
})

describe('setErrorHandler()', () => {
  test('Error formatting hooks: setErrorHandler receives (error, request, reply) and replies', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setErrorHandler((error, request, reply) => {
      reply.code(422).send({ caught: error.message, url: request.url })
    })
    app.get('/fail', async () => {
      throw new Error('custom')
    })
    const res = await app.inject('/fail')
    assert.equal(res.statusCode, 422)
    assert.deepEqual(res.json(), { caught: 'custom', url: '/fail' })
  })

  test('an async error handler may return the payload', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setErrorHandler(async (error, _request, reply) => {
      reply.code(503)
      return { wrapped: error.message }
    })
    app.get('/', async () => {
      throw new Error('inner')
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 503)
    assert.deepEqual(res.json(), { wrapped: 'inner' })
  })

  test('an error handler that throws falls back to the default handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setErrorHandler(() => {
      throw withProps('handler broke', { statusCode: 502 })
    })
    app.get('/', async () => {
      throw new Error('original')
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 502)
    assert.deepEqual(res.json(), {
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'handler broke',
    })
  })

  test('a route-level errorHandler handles that route only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/own',
      {
        errorHandler: (error, _request, reply) => {
          reply.code(400).send({ route: 'own', message: error.message })
        },
      },
      async () => {
        throw new Error('from own')
      },
    )
    app.get('/default', async () => {
      throw new Error('from default')
    })
    const own = await app.inject('/own')
    assert.equal(own.statusCode, 400)
    assert.deepEqual(own.json(), { route: 'own', message: 'from own' })
    const fallback = await app.inject('/default')
    assert.equal(fallback.statusCode, 500)
    assert.equal(fallback.json().message, 'from default')
  })
})

describe('errorCodes', () => {
  const table: [string, number, unknown[], string][] = [
    ['FST_ERR_NOT_FOUND', 404, [], 'Not Found'],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, [], 'Request body is too large'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, ['text/x'], 'Unsupported Media Type: text/x'],
    ['FST_ERR_BAD_STATUS_CODE', 500, [99], 'Called reply with an invalid status code: 99'],
    ['FST_ERR_BAD_URL', 400, ['/%zz'], "'/%zz' is not a valid url component"],
    [
      'FST_ERR_DUPLICATED_ROUTE',
      500,
      ['GET', '/x'],
      "Method 'GET' already declared for route '/x'",
    ],
    [
      'FST_ERR_ROUTE_MISSING_HANDLER',
      500,
      ['GET', '/x'],
      'Missing handler function for "GET:/x" route.',
    ],
    [
      'FST_ERR_REP_ALREADY_SENT',
      500,
      ['/x', 'GET'],
      'Reply was already sent, did you forget to "return reply" in "/x" (GET)?',
    ],
    ['FST_ERR_DEC_ALREADY_PRESENT', 500, ['foo'], "The decorator 'foo' has already been added!"],
  ]
  for (const [code, statusCode, args, message] of table) {
    test(`${code}: statusCode ${statusCode} and a formatted message`, () => {
      const Ctor = (errorCodes as unknown as Record<string, new (...a: unknown[]) => Error>)[code]
      assert.equal(typeof Ctor, 'function')
      if (!Ctor) return
      const err = new Ctor(...args) as Error & { code?: string; statusCode?: number }
      assert.ok(err instanceof Error)
      assert.ok(err instanceof Ctor)
      assert.equal(err.code, code)
      assert.equal(err.statusCode, statusCode)
      assert.equal(err.message, message)
    })
  }

  test('an errorCodes error thrown from a handler answers with its status and code', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => {
      throw new errorCodes.FST_ERR_NOT_FOUND()
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 404)
    assert.equal(
      res.body,
      '{"statusCode":404,"code":"FST_ERR_NOT_FOUND","error":"Not Found","message":"Not Found"}',
    )
  })
})
