import assert from 'node:assert/strict'
import { Readable, Transform } from 'node:stream'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

type App = ReturnType<typeof arbor>
type AnyHook = (...args: never[]) => unknown

const RECORDED_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
] as const
type RecordedHook = (typeof RECORDED_HOOKS)[number]

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

/** addHook with a name chosen at run time: the typed overloads want a literal name. */
function addHook(app: App, name: string, fn: AnyHook): void {
  ;(app.addHook as unknown as (this: App, name: string, fn: AnyHook) => void).call(app, name, fn)
}

/** An app that records every request hook (and the handler) by name, on POST /. */
function recordingApp(seen: string[]): App {
  const app = arbor()
  for (const name of RECORDED_HOOKS) {
    addHook(app, name, async () => {
      seen.push(name)
    })
  }
  return app
}

/**
 * Adds POST / recording 'handler'. Resolves once the response's onResponse hooks have run:
 * a route-level onResponse runs after the context ones, so it is the signal.
 */
function addRecordedRoute(app: App, seen: string[]): Promise<void> {
  const responded = deferred<void>()
  app.post(
    '/',
    {
      onResponse: async () => {
        responded.resolve()
      },
    },
    async () => {
      seen.push('handler')
      return { ok: true }
    },
  )
  return responded.promise
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

// Only so that a hook that never runs fails its test instead of hanging the run.
const SAFETY = { timeout: 10_000 }

function teapot(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 418, code: 'E_HOOK' })
}

// Each style a hook can fail in. `extra` is the number of arguments between reply and done.
const FAILURE_STYLES = {
  'throws in an async hook': (error: () => Error) => async (): Promise<void> => {
    throw error()
  },
  'calls done(err)':
    (error: () => Error, extra: number) =>
    (...args: unknown[]) => {
      const done = args[2 + extra] as (err: Error) => void
      done(error())
    },
  'throws synchronously in a callback hook': (error: () => Error, extra: number) =>
    // The arity marks it as a callback hook even though it never calls done.
    extra === 1
      ? (_request: unknown, _reply: unknown, _payload: unknown, _done: unknown) => {
          throw error()
        }
      : (_request: unknown, _reply: unknown, _done: unknown) => {
          throw error()
        },
  'returns a rejected promise': (error: () => Error) => () => Promise.reject(error()),
} as const

const EXTRA_ARGS: Record<RecordedHook, number> = {
  onRequest: 0,
  preParsing: 1,
  preValidation: 0,
  preHandler: 0,
  preSerialization: 1,
  onSend: 1,
  onResponse: 0,
  onError: 1,
}

describe('early replies from request hooks', SAFETY, () => {
  const EARLY_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const
  for (const name of EARLY_HOOKS) {
    const extra = EXTRA_ARGS[name]
    const styles: Record<string, AnyHook> = {
      'callback style (send, never call done)': (...args: unknown[]) => {
        const reply = args[1] as { code(n: number): { send(p: unknown): unknown } }
        reply.code(201).send({ early: name })
      },
      'async style (send, return reply)': async (...args: unknown[]) => {
        const reply = args[1] as { code(n: number): { send(p: unknown): unknown } }
        reply.code(201).send({ early: name })
        return reply
      },
    }
    for (const [style, hook] of Object.entries(styles)) {
      test(`reply.send in ${name}, ${style}, stops the chain; onSend and onResponse still run`, async (t) => {
        const seen: string[] = []
        const app = recordingApp(seen)
        t.after(() => app.close())
        // A callback hook must declare done to be one, so give it the right arity.
        const sized =
          style.startsWith('callback') && extra === 1
            ? (a: never, b: never, c: never, _d: never) => hook(a, b, c)
            : style.startsWith('callback')
              ? (a: never, b: never, _c: never) => hook(a, b)
              : hook
        addHook(app, name, sized)
        const responded = addRecordedRoute(app, seen)

        const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
        await responded

        assert.equal(res.statusCode, 201)
        assert.deepEqual(res.json(), { early: name })
        const upTo = FULL_ORDER.slice(0, FULL_ORDER.indexOf(name) + 1)
        // preSerialization belongs to reply.send of an object payload, so it runs too.
        assert.deepEqual(seen, [...upTo, 'preSerialization', 'onSend', 'onResponse'])
      })
    }
  }

  test('an early reply with a string payload skips preSerialization, as every string payload does', async (t) => {
    const seen: string[] = []
    const app = recordingApp(seen)
    t.after(() => app.close())
    app.addHook('onRequest', async (_request, reply) => {
      reply.code(403).send('go away')
      return reply
    })
    const responded = addRecordedRoute(app, seen)

    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    await responded

    assert.equal(res.statusCode, 403)
    assert.equal(res.body, 'go away')
    assert.deepEqual(seen, ['onRequest', 'onSend', 'onResponse'])
  })
})

describe('errors from request hooks', SAFETY, () => {
  for (const name of ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const) {
    for (const [style, make] of Object.entries(FAILURE_STYLES)) {
      test(`an error in ${name} (${style}) takes the error path: status, JSON payload, onError, onSend, onResponse`, async (t) => {
        const seen: string[] = []
        const app = recordingApp(seen)
        t.after(() => app.close())
        addHook(
          app,
          name,
          make(() => teapot(`${name} failed`), EXTRA_ARGS[name]),
        )
        const responded = addRecordedRoute(app, seen)

        const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
        await responded

        assert.equal(res.statusCode, 418)
        assert.deepEqual(res.json(), {
          statusCode: 418,
          code: 'E_HOOK',
          error: "I'm a Teapot",
          message: `${name} failed`,
        })
        const upTo = FULL_ORDER.slice(0, FULL_ORDER.indexOf(name) + 1)
        assert.deepEqual(seen, [...upTo, 'onError', 'onSend', 'onResponse'])
      })
    }
  }

  for (const [style, make] of Object.entries(FAILURE_STYLES)) {
    test(`an error in preSerialization (${style}) replaces the handler's payload with the error's`, async (t) => {
      const seen: string[] = []
      const app = recordingApp(seen)
      t.after(() => app.close())
      addHook(
        app,
        'preSerialization',
        make(() => teapot('preSerialization failed'), 1),
      )
      const responded = addRecordedRoute(app, seen)

      const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
      await responded

      assert.equal(res.statusCode, 418)
      assert.deepEqual(res.json(), {
        statusCode: 418,
        code: 'E_HOOK',
        error: "I'm a Teapot",
        message: 'preSerialization failed',
      })
      // The error payload is not an application object: preSerialization does not run again.
      assert.deepEqual(seen, [...FULL_ORDER.slice(0, 6), 'onError', 'onSend', 'onResponse'])
    })

    test(`an error in onSend (${style}) replaces the payload with the error's, which goes through onSend again`, async (t) => {
      const seen: string[] = []
      const app = recordingApp(seen)
      t.after(() => app.close())
      let calls = 0
      const fail = make(() => teapot('onSend failed'), 1)
      app.addHook('onSend', (request, reply, payload, done) => {
        if (calls++ === 0) {
          const result = (fail as (...args: unknown[]) => unknown)(request, reply, payload, done)
          if (result instanceof Promise) return result as Promise<never>
          return
        }
        done(null, payload)
      })
      const responded = addRecordedRoute(app, seen)

      const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
      await responded

      assert.equal(res.statusCode, 418)
      assert.deepEqual(res.json(), {
        statusCode: 418,
        code: 'E_HOOK',
        error: "I'm a Teapot",
        message: 'onSend failed',
      })
      assert.deepEqual(seen, [...FULL_ORDER.slice(0, 7), 'onError', 'onSend', 'onResponse'])
    })

    test(`an error in onResponse (${style}) does not change the response already sent`, async (t) => {
      const seen: string[] = []
      const app = recordingApp(seen)
      t.after(() => app.close())
      const failed = deferred<void>()
      const failing = make(() => teapot('onResponse failed'), 0) as (...args: unknown[]) => unknown
      addHook(app, 'onResponse', (...args: never[]) => {
        failed.resolve()
        return failing(...args)
      })
      // Not awaited: the failure ends the onResponse chain, so the route's signal never fires.
      void addRecordedRoute(app, seen)

      const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
      await failed.promise

      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { ok: true })
      assert.deepEqual(seen, FULL_ORDER)
    })
  }

  test('an error without a status code from a hook becomes a 500', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('preHandler', async () => {
      throw new Error('plain failure')
    })
    app.get('/', async () => ({ ok: true }))

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'plain failure',
    })
  })

  test('a hook error goes to the context error handler, which chooses the response', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setErrorHandler((error, _request, reply) => {
      reply.code(409).send({ handled: error.message })
    })
    app.addHook('onRequest', async () => {
      throw teapot('from onRequest')
    })
    app.get('/', async () => ({ ok: true }))

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 409)
    assert.deepEqual(res.json(), { handled: 'from onRequest' })
  })
})

describe('onError', () => {
  test('onError receives the request, the reply and the very error thrown, then the error response is sent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const thrown = teapot('handler failed')
    const observed: unknown[] = []
    app.addHook('onError', async (request, reply, error) => {
      observed.push(request.url, reply.statusCode >= 0, error)
    })
    app.get('/fail', async () => {
      throw thrown
    })

    const res = await app.inject({ method: 'GET', url: '/fail' })

    assert.equal(res.statusCode, 418)
    assert.deepEqual(res.json(), {
      statusCode: 418,
      code: 'E_HOOK',
      error: "I'm a Teapot",
      message: 'handler failed',
    })
    assert.equal(observed.length, 3)
    assert.equal(observed[0], '/fail')
    assert.equal(observed[1], true)
    assert.equal(observed[2], thrown)
  })

  test('onError cannot send: reply.send inside it throws FST_ERR_SEND_INSIDE_ONERR and the error response stands', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let sendError: unknown
    app.addHook('onError', (_request, reply, _error, done) => {
      try {
        reply.send({ replaced: true })
      } catch (err) {
        sendError = err
      }
      done()
    })
    app.get('/fail', async () => {
      throw teapot('handler failed')
    })

    const res = await app.inject({ method: 'GET', url: '/fail' })

    assert.equal(res.statusCode, 418)
    assert.deepEqual(res.json(), {
      statusCode: 418,
      code: 'E_HOOK',
      error: "I'm a Teapot",
      message: 'handler failed',
    })
    assert.equal((sendError as { code?: unknown }).code, 'FST_ERR_SEND_INSIDE_ONERR')
  })

  test('what an async onError returns is ignored; it may only add headers', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('onError', async (_request, reply) => {
      reply.header('x-error-seen', 'yes')
      return { replaced: true } as never
    })
    app.get('/fail', async () => {
      throw teapot('handler failed')
    })

    const res = await app.inject({ method: 'GET', url: '/fail' })

    assert.equal(res.statusCode, 418)
    assert.equal(res.headers['x-error-seen'], 'yes')
    assert.deepEqual(res.json(), {
      statusCode: 418,
      code: 'E_HOOK',
      error: "I'm a Teapot",
      message: 'handler failed',
    })
  })

  test('onError runs before the error handler, and not at all when nothing fails', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('onError', async (_request, _reply, error) => {
      seen.push(`onError:${error.message}`)
    })
    app.setErrorHandler((error, _request, reply) => {
      seen.push(`errorHandler:${error.message}`)
      reply.code(503).send({ handled: true })
    })
    app.get('/ok', async () => ({ ok: true }))
    app.get('/fail', async () => {
      throw new Error('boom')
    })

    const ok = await app.inject({ method: 'GET', url: '/ok' })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(seen, [])

    const fail = await app.inject({ method: 'GET', url: '/fail' })
    assert.equal(fail.statusCode, 503)
    assert.deepEqual(fail.json(), { handled: true })
    assert.deepEqual(seen, ['onError:boom', 'errorHandler:boom'])
  })
})

describe('hooks that replace the payload', () => {
  test('preParsing (callback style) replaces the request stream with a transformed one', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('preParsing', (_request, _reply, payload, done) => {
      const upper = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          callback(null, chunk.toString('utf8').toUpperCase())
        },
      })
      done(null, payload.pipe(upper))
    })
    app.post('/', async (request) => ({ body: request.body }))

    const res = await app.inject({ method: 'POST', url: '/', payload: { name: 'abc' } })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: { NAME: 'ABC' } })
  })

  test('preParsing (async style) returns a new stream of a different length (receivedEncodedLength)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('preParsing', async (request) => {
      const replacement = Readable.from([JSON.stringify({ replaced: true, by: 'preParsing' })])
      return Object.assign(replacement, {
        receivedEncodedLength: Number(request.headers['content-length']),
      })
    })
    app.post('/', async (request) => ({ body: request.body }))

    const res = await app.inject({ method: 'POST', url: '/', payload: { original: 1 } })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: { replaced: true, by: 'preParsing' } })
  })

  test('each preParsing hook receives the stream the previous one returned', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let returnedByFirst: unknown
    let receivedBySecond: unknown
    app.addHook('preParsing', async (_request, _reply, payload) => {
      returnedByFirst = payload.pipe(new Transform({ transform: (c, _e, cb) => cb(null, c) }))
      return returnedByFirst as typeof payload
    })
    app.addHook('preParsing', async (_request, _reply, payload) => {
      receivedBySecond = payload
    })
    app.post('/', async (request) => ({ body: request.body }))

    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: { a: 1 } })
    assert.ok(returnedByFirst instanceof Transform)
    assert.equal(receivedBySecond, returnedByFirst)
  })

  test('preSerialization replaces the payload object, async and callback styles, each seeing the previous result', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('preSerialization', async (_request, _reply, payload: unknown) => ({
      wrapped: payload,
    }))
    app.addHook('preSerialization', (_request, _reply, payload: unknown, done) => {
      done(null, { ...(payload as object), stamped: true })
    })
    app.get('/', async () => ({ ok: true }))

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { wrapped: { ok: true }, stamped: true })
  })

  test('preSerialization runs before the response schema serializes the payload', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('preSerialization', async (_request, _reply, payload: unknown) => ({
      ...(payload as object),
      listed: 'added',
      unlisted: 'dropped by the schema',
    }))
    app.get(
      '/',
      {
        schema: {
          response: {
            200: {
              type: 'object',
              properties: { ok: { type: 'boolean' }, listed: { type: 'string' } },
            },
          },
        },
      },
      async () => ({ ok: true }),
    )

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { ok: true, listed: 'added' })
  })

  test('preSerialization is not called for a string payload', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let calls = 0
    app.addHook('preSerialization', async () => {
      calls++
    })
    app.get('/', async (_request, reply) => {
      reply.type('text/plain')
      return 'plain text'
    })

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'plain text')
    assert.equal(calls, 0)
  })

  test('onSend receives the serialized payload and replaces it, async and callback styles, in order', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const received: unknown[] = []
    app.addHook('onSend', async (_request, reply, payload) => {
      received.push(payload)
      reply.header('content-type', 'text/plain; charset=utf-8')
      return `first(${String(payload)})`
    })
    app.addHook('onSend', (_request, _reply, payload, done) => {
      received.push(payload)
      done(null, `second(${String(payload)})`)
    })
    app.get('/', async () => ({ ok: true }))

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8')
    assert.equal(res.body, 'second(first({"ok":true}))')
    assert.deepEqual(received, ['{"ok":true}', 'first({"ok":true})'])
  })

  test('an async onSend that returns nothing keeps the payload', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('onSend', async () => {})
    app.get('/', async () => ({ ok: true }))

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 200)
    assert.equal(res.body, '{"ok":true}')
  })
})

describe('reply.hijack()', SAFETY, () => {
  test('reply.hijack() in onRequest stops the chain: no handler, no onSend; the raw response is what the client gets', async (t) => {
    const seen: string[] = []
    const app = recordingApp(seen)
    t.after(() => app.close())
    app.addHook('onRequest', async (_request, reply) => {
      reply.hijack()
      reply.raw.writeHead(202, { 'content-type': 'text/plain' })
      reply.raw.end('raw from onRequest')
    })
    const responded = addRecordedRoute(app, seen)

    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    await responded

    assert.equal(res.statusCode, 202)
    assert.equal(res.body, 'raw from onRequest')
    // onResponse listens on the raw response, so it still fires when it finishes.
    assert.deepEqual(seen, ['onRequest', 'onResponse'])
  })

  test('reply.hijack() in preHandler stops the chain before the handler', async (t) => {
    const seen: string[] = []
    const app = recordingApp(seen)
    t.after(() => app.close())
    app.addHook('preHandler', (_request, reply, done) => {
      reply.hijack()
      reply.raw.end('raw from preHandler')
      done()
    })
    const responded = addRecordedRoute(app, seen)

    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    await responded

    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'raw from preHandler')
    assert.deepEqual(seen, ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'onResponse'])
  })

  test('reply.hijack() in the handler: the returned value is ignored and no reply hook runs', async (t) => {
    const seen: string[] = []
    const app = recordingApp(seen)
    t.after(() => app.close())
    const responded = deferred<void>()
    const signal = async () => responded.resolve()
    app.post('/', { onResponse: signal }, async (_request, reply) => {
      seen.push('handler')
      reply.hijack()
      reply.raw.writeHead(200, { 'content-type': 'text/plain' })
      reply.raw.end('raw from handler')
      return { ignored: true }
    })

    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    await responded.promise

    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'raw from handler')
    assert.deepEqual(seen, [...FULL_ORDER.slice(0, 5), 'onResponse'])
  })
})

describe('hook registration errors', () => {
  // A hook that mixes styles: async and declaring done.
  const mixed: Record<string, AnyHook> = {
    onRequest: async (_a: unknown, _b: unknown, _done: unknown) => {},
    preParsing: async (_a: unknown, _b: unknown, _c: unknown, _done: unknown) => {},
    preValidation: async (_a: unknown, _b: unknown, _done: unknown) => {},
    preHandler: async (_a: unknown, _b: unknown, _done: unknown) => {},
    preSerialization: async (_a: unknown, _b: unknown, _c: unknown, _done: unknown) => {},
    onSend: async (_a: unknown, _b: unknown, _c: unknown, _done: unknown) => {},
    onResponse: async (_a: unknown, _b: unknown, _done: unknown) => {},
    onError: async (_a: unknown, _b: unknown, _c: unknown, _done: unknown) => {},
    onTimeout: async (_a: unknown, _b: unknown, _done: unknown) => {},
    onRequestAbort: async (_a: unknown, _done: unknown) => {},
  }
  for (const [name, fn] of Object.entries(mixed)) {
    test(`an async ${name} hook that also takes done is rejected at addHook with FST_ERR_HOOK_INVALID_ASYNC_HANDLER`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      assert.throws(() => addHook(app, name, fn), {
        code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER',
      })
    })
  }

  /**
   * A bad hook name or a non-function hook must keep the application from starting, with the
   * error either thrown by addHook or rejecting ready(). (Fastify 4.25 checks these in its
   * boot queue and lets the error escape as an uncaught exception; Fastify 5 rejects ready().)
   * Returns the error, wherever it surfaced.
   */
  async function registrationError(app: App, register: () => void): Promise<unknown> {
    try {
      register()
    } catch (err) {
      return err
    }
    return app.ready().then(
      () => assert.fail('expected a registration error'),
      (err: unknown) => err,
    )
  }

  test('an unknown hook name is an error (FST_ERR_HOOK_NOT_SUPPORTED)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const err = await registrationError(app, () => addHook(app, 'onBanana', async () => {}))
    assert.equal((err as { code?: unknown }).code, 'FST_ERR_HOOK_NOT_SUPPORTED')
    assert.match((err as Error).message, /onBanana/)
  })

  test('a hook name that is not a string is an error (FST_ERR_HOOK_INVALID_TYPE)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const err = await registrationError(app, () => addHook(app, 42 as never, async () => {}))
    assert.equal((err as { code?: unknown }).code, 'FST_ERR_HOOK_INVALID_TYPE')
  })

  // Fastify's wording: null and undefined as such, any other value by its tag.
  for (const [label, value, named] of [
    ['a string', 'not a function', '[object String]'],
    ['an object', { onRequest: true }, '[object Object]'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
  ] as const) {
    test(`a hook that is ${label} instead of a function is an error (FST_ERR_HOOK_INVALID_HANDLER)`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      const err = await registrationError(app, () => addHook(app, 'onRequest', value as never))
      assert.equal((err as { code?: unknown }).code, 'FST_ERR_HOOK_INVALID_HANDLER')
      assert.equal(
        (err as Error).message,
        `onRequest hook should be a function, instead got ${named}`,
      )
    })
  }
})
