import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

type App = ReturnType<typeof arbor>
type AnyHook = (...args: never[]) => unknown

const KINDS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
] as const

/** addHook with a name chosen at run time: the typed overloads want a literal name. */
function addHook(app: App, name: string, fn: AnyHook): void {
  ;(app.addHook as unknown as (this: App, name: string, fn: AnyHook) => void).call(app, name, fn)
}

/** route() with options built at run time (hooks keyed by a computed name). */
function addRoute(app: App, options: Record<string, unknown>): void {
  ;(app.route as unknown as (this: App, options: Record<string, unknown>) => void).call(
    app,
    options,
  )
}

/**
 * The error a bad route option raises: thrown by route() or, if the framework defers the
 * check, by ready(). Either way the application must not start.
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

describe('route-level hooks', { timeout: 10_000 }, () => {
  test('a route-level hook of every kind runs after the context hooks of the same name', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    let resolveResponded!: () => void
    const responded = new Promise<void>((r) => {
      resolveResponded = r
    })
    const recorder = (label: string) => async () => {
      seen.push(label)
    }
    for (const kind of KINDS) addHook(app, kind, recorder(`${kind}:root`))
    await app.register(async (child) => {
      for (const kind of KINDS) addHook(child, kind, recorder(`${kind}:child`))
      const routeHooks = Object.fromEntries(KINDS.map((kind) => [kind, recorder(`${kind}:route`)]))
      // The route's onResponse is the last hook of all: it also tells the test the chain ended.
      routeHooks.onResponse = async () => {
        seen.push('onResponse:route')
        resolveResponded()
      }
      addRoute(child, {
        method: 'POST',
        url: '/child',
        ...routeHooks,
        handler: async () => {
          seen.push('handler')
          return { ok: true }
        },
      })
    })

    const res = await app.inject({ method: 'POST', url: '/child', payload: { a: 1 } })
    await responded

    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { ok: true })
    const expected: string[] = []
    for (const kind of KINDS) {
      if (kind === 'preSerialization') expected.push('handler')
      expected.push(`${kind}:root`, `${kind}:child`, `${kind}:route`)
    }
    assert.deepEqual(seen, expected)
  })

  test('an array of route-level hooks runs in array order, after the context hooks, in both styles', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('preHandler', async () => {
      seen.push('context')
    })
    app.get(
      '/',
      {
        onRequest: [
          async () => {
            seen.push('onRequest:async')
          },
          (_request, _reply, done) => {
            seen.push('onRequest:callback')
            done()
          },
        ],
        preHandler: [
          (_request, _reply, done) => {
            seen.push('preHandler:callback')
            done()
          },
          async () => {
            seen.push('preHandler:async')
          },
        ],
      },
      async () => {
        seen.push('handler')
        return { ok: true }
      },
    )

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 200)
    assert.deepEqual(seen, [
      'onRequest:async',
      'onRequest:callback',
      'context',
      'preHandler:callback',
      'preHandler:async',
      'handler',
    ])
  })

  test('route-level hooks apply to their route only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let calls = 0
    app.get(
      '/hooked',
      {
        preHandler: async () => {
          calls++
        },
      },
      async () => ({ route: 'hooked' }),
    )
    app.get('/plain', async () => ({ route: 'plain' }))

    const plain = await app.inject({ method: 'GET', url: '/plain' })
    assert.equal(plain.statusCode, 200)
    assert.equal(calls, 0)

    const hooked = await app.inject({ method: 'GET', url: '/hooked' })
    assert.equal(hooked.statusCode, 200)
    assert.equal(calls, 1)
  })

  test('route-level preSerialization and onSend replace the payload after the context ones', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('preSerialization', async (_request, _reply, payload: unknown) => ({
      context: payload,
    }))
    app.addHook('onSend', async (_request, _reply, payload) => `context(${String(payload)})`)
    app.get(
      '/',
      {
        preSerialization: (_request, _reply, payload: unknown, done) => {
          done(null, { route: payload })
        },
        onSend: async (_request, _reply, payload) => `route(${String(payload)})`,
      },
      async () => ({ ok: true }),
    )

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'route(context({"route":{"context":{"ok":true}}}))')
  })

  test('a route-level onError runs after the context onError and observes the same error', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: unknown[] = []
    app.addHook('onError', async (_request, _reply, error) => {
      seen.push('context', error)
    })
    const thrown = Object.assign(new Error('route failed'), { statusCode: 409 })
    app.get(
      '/',
      {
        onError: (_request, _reply, error, done) => {
          seen.push('route', error)
          done()
        },
      },
      async () => {
        throw thrown
      },
    )

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 409)
    assert.deepEqual(res.json(), { statusCode: 409, error: 'Conflict', message: 'route failed' })
    assert.equal(seen.length, 4)
    assert.equal(seen[0], 'context')
    assert.equal(seen[1], thrown)
    assert.equal(seen[2], 'route')
    assert.equal(seen[3], thrown)
  })

  test('a route-level hook may reply early: the handler does not run', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let handlerRan = false
    app.get(
      '/',
      {
        preHandler: async (_request, reply) => {
          reply.code(401).send({ denied: true })
          return reply
        },
      },
      async () => {
        handlerRan = true
        return { ok: true }
      },
    )

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 401)
    assert.deepEqual(res.json(), { denied: true })
    assert.equal(handlerRan, false)
  })

  test('an error from a route-level hook takes the error path with its status', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let handlerRan = false
    app.get(
      '/',
      {
        onRequest: (_request, _reply, done) => {
          done(Object.assign(new Error('not here'), { statusCode: 403 }))
        },
      },
      async () => {
        handlerRan = true
        return { ok: true }
      },
    )

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 403)
    assert.deepEqual(res.json(), { statusCode: 403, error: 'Forbidden', message: 'not here' })
    assert.equal(handlerRan, false)
  })

  test('`this` in a route-level hook is the instance of the route context', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let self: unknown
    let childInstance: unknown
    await app.register(async (child) => {
      childInstance = child
      child.decorate('contextName', 'child')
      child.get(
        '/',
        {
          preHandler: async function () {
            self = this
          },
        },
        async () => ({ ok: true }),
      )
    })

    const res = await app.inject({ method: 'GET', url: '/' })

    assert.equal(res.statusCode, 200)
    assert.equal(self, childInstance)
    assert.equal((self as { contextName?: unknown }).contextName, 'child')
  })
})

describe('route-level hook errors at registration', () => {
  test('a route-level hook that is not a function is rejected (FST_ERR_HOOK_INVALID_HANDLER)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const err = await registrationError(app, () =>
      addRoute(app, { method: 'GET', url: '/', preHandler: 'nope', handler: async () => 'x' }),
    )
    assert.equal((err as { code?: unknown }).code, 'FST_ERR_HOOK_INVALID_HANDLER')
    assert.match((err as Error).message, /preHandler/)
  })

  test('a non-function inside a route-level hook array is rejected (FST_ERR_HOOK_INVALID_HANDLER)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const err = await registrationError(app, () =>
      addRoute(app, {
        method: 'GET',
        url: '/',
        onRequest: [async () => {}, 42],
        handler: async () => 'x',
      }),
    )
    assert.equal((err as { code?: unknown }).code, 'FST_ERR_HOOK_INVALID_HANDLER')
    assert.match((err as Error).message, /onRequest/)
  })

  const mixed: Record<string, AnyHook> = {
    onRequest: async (_a: unknown, _b: unknown, _done: unknown) => {},
    preHandler: async (_a: unknown, _b: unknown, _done: unknown) => {},
    onSend: async (_a: unknown, _b: unknown, _c: unknown, _done: unknown) => {},
  }
  for (const [kind, fn] of Object.entries(mixed)) {
    test(`an async route-level ${kind} that also takes done is rejected (FST_ERR_HOOK_INVALID_ASYNC_HANDLER)`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      const err = await registrationError(app, () =>
        addRoute(app, { method: 'GET', url: '/', [kind]: [fn], handler: async () => 'x' }),
      )
      assert.equal((err as { code?: unknown }).code, 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER')
    })
  }

  // @fastify/compress's onRoute turns a route's `onRequest: null` into the list of its own hook.
  test('route-level hooks are checked after the onRoute hooks, which may repair them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('onRoute', (options) => {
      const route = options as unknown as Record<string, unknown>
      if (route.onRequest === null) {
        route.onRequest = [
          async () => {
            seen.push('added by onRoute')
          },
        ]
      }
    })
    addRoute(app, { method: 'GET', url: '/', onRequest: null, handler: async () => 'ok' })
    const res = await app.inject('/')
    assert.equal(res.body, 'ok')
    assert.deepEqual(seen, ['added by onRoute'])
  })

  test('a route-level hook that onRoute leaves null is still rejected', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let ranOnRoute = false
    app.addHook('onRoute', () => {
      ranOnRoute = true
    })
    const err = await registrationError(app, () =>
      addRoute(app, { method: 'GET', url: '/', onRequest: null, handler: async () => 'x' }),
    )
    assert.equal((err as { code?: unknown }).code, 'FST_ERR_HOOK_INVALID_HANDLER')
    assert.equal(
      (err as Error).message,
      'onRequest hook should be a function, instead got [object Null]',
    )
    assert.equal(ranOnRoute, true)
  })
})
