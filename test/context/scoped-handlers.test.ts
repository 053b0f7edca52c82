// Spec "Encapsulation rules" applied to setErrorHandler and setNotFoundHandler: a handler
// applies to the context it is set in and to its descendants; a child may override it.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, {
  type ArborInstance,
  type ArborReply,
  type ArborRequest,
  plugin,
} from '../../src/index.ts'

type App = ArborInstance

// fastify-plugin's typings name Fastify's instance type; at runtime it has plugin()'s shape,
// (fn, meta) => fn, which is exactly what these tests compare.
const fastifyPlugin = fp as unknown as typeof plugin

const failingRoute = (instance: App, url: string) =>
  instance.get(url, async () => {
    throw new Error(`failed at ${url}`)
  })

const namedErrorHandler = (instance: App, name: string) =>
  instance.setErrorHandler(async (error, _request, reply) => {
    reply.code(599)
    return { handler: name, message: error.message }
  })

// root(handler) ─┬─ child(handler) ── grandchild ── greatGrandchild(handler)
//                └─ sibling
function buildErrorTree(): App {
  const app = arbor()
  namedErrorHandler(app, 'root')
  failingRoute(app, '/root')
  app.register(async (c: App) => {
    namedErrorHandler(c, 'child')
    failingRoute(c, '/child')
    c.register(async (g: App) => {
      failingRoute(g, '/grandchild')
      g.register(async (gg: App) => {
        namedErrorHandler(gg, 'greatGrandchild')
        failingRoute(gg, '/greatGrandchild')
      })
    })
  })
  app.register(async (s: App) => {
    failingRoute(s, '/sibling')
  })
  return app
}

async function handledBy(app: App, url: string): Promise<unknown> {
  const res = await app.inject(url)
  assert.equal(res.statusCode, 599, url)
  return (res.json() as { handler: unknown }).handler
}

describe('Encapsulation rules: error handlers', () => {
  test('Encapsulation rules 1: each level may set its own error handler, down to the great-grandchild', async (t) => {
    const app = buildErrorTree()
    t.after(() => app.close())
    assert.equal(await handledBy(app, '/root'), 'root')
    assert.equal(await handledBy(app, '/child'), 'child')
    assert.equal(await handledBy(app, '/greatGrandchild'), 'greatGrandchild')
  })

  test('Encapsulation rules 2: a context without a handler uses its nearest ancestor’s', async (t) => {
    const app = buildErrorTree()
    t.after(() => app.close())
    assert.equal(await handledBy(app, '/grandchild'), 'child')
    assert.equal(await handledBy(app, '/sibling'), 'root')
  })

  test('Encapsulation rules 3: a descendant’s error handler never handles an ancestor’s route', async (t) => {
    const app = buildErrorTree()
    t.after(() => app.close())
    assert.equal(await handledBy(app, '/root'), 'root')
    assert.equal(await handledBy(app, '/child'), 'child')
  })

  test('Encapsulation rules 4: a sibling’s error handler never handles the other branch', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (a: App) => {
      namedErrorHandler(a, 'a')
    })
    app.register(async (b: App) => {
      failingRoute(b, '/b')
      b.register(async (b1: App) => failingRoute(b1, '/b1'))
    })
    for (const url of ['/b', '/b1']) {
      const res = await app.inject(url)
      assert.equal(res.statusCode, 500, url)
      assert.deepEqual(res.json(), {
        statusCode: 500,
        error: 'Internal Server Error',
        message: `failed at ${url}`,
      })
    }
  })

  test('setErrorHandler: an error thrown inside a child’s error handler goes to the parent’s handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    namedErrorHandler(app, 'root')
    app.register(async (c: App) => {
      c.setErrorHandler(async (error) => {
        throw new Error(`child handler rethrew: ${error.message}`)
      })
      failingRoute(c, '/child')
      c.register(async (g: App) => failingRoute(g, '/grandchild'))
    })
    for (const url of ['/child', '/grandchild']) {
      const res = await app.inject(url)
      assert.equal(res.statusCode, 599)
      assert.deepEqual(res.json(), {
        handler: 'root',
        message: `child handler rethrew: failed at ${url}`,
      })
    }
  })

  test('setErrorHandler: when every handler throws, the default handler answers 500 and no loop happens', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const calls: string[] = []
    app.setErrorHandler(async (error) => {
      calls.push('root')
      throw new Error(`root rethrew: ${error.message}`)
    })
    app.register(async (c: App) => {
      c.setErrorHandler(async (error) => {
        calls.push('child')
        throw new Error(`child rethrew: ${error.message}`)
      })
      failingRoute(c, '/child')
    })
    const res = await app.inject('/child')
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'root rethrew: child rethrew: failed at /child',
    })
    assert.deepEqual(calls, ['child', 'root'])
  })

  test('setErrorHandler: a validation error reaches the context’s handler with statusCode 400 and validation', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (c: App) => {
      c.setErrorHandler(async (error, _request: ArborRequest, reply: ArborReply) => {
        const e = error as { statusCode?: number; validation?: unknown; validationContext?: string }
        reply.code(422)
        return {
          statusCode: e.statusCode,
          context: e.validationContext,
          hasValidation: Array.isArray(e.validation),
        }
      })
      c.get(
        '/q',
        {
          schema: {
            querystring: {
              type: 'object',
              properties: { n: { type: 'integer' } },
              required: ['n'],
            },
          },
        },
        async () => 'ok',
      )
    })
    const res = await app.inject('/q')
    assert.equal(res.statusCode, 422)
    assert.deepEqual(res.json(), { statusCode: 400, context: 'query', hasValidation: true }) // spec "Validation error": 'query'
  })

  for (const [label, wrap] of [
    ['arbor plugin()', plugin],
    ['fastify-plugin', fastifyPlugin],
  ] as const) {
    test(`Encapsulation rules 6: an error handler set in a plugin wrapped with ${label} handles the parent’s routes`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(async (c: App) => {
        c.register(wrap(async (w: App) => namedErrorHandler(w, 'wrapped')))
        failingRoute(c, '/child')
      })
      failingRoute(app, '/root')
      assert.equal(await handledBy(app, '/child'), 'wrapped')
      const root = await app.inject('/root')
      assert.equal(root.statusCode, 500)
    })
  }
})

const notFound = (instance: App, name: string) =>
  instance.setNotFoundHandler(async (request, reply) => {
    reply.code(404)
    return { notFound: name, url: request.url }
  })

async function notFoundBy(app: App, url: string): Promise<unknown> {
  const res = await app.inject(url)
  assert.equal(res.statusCode, 404, url)
  return (res.json() as { notFound?: unknown }).notFound
}

// root(404) ─┬─ /v1(404) ── /v1/deep ── /v1/deep/deeper(404)
//            └─ /v2
function buildNotFoundTree(): App {
  const app = arbor()
  notFound(app, 'root')
  app.register(
    async (v1: App) => {
      notFound(v1, 'v1')
      v1.get('/here', async () => 'v1')
      v1.register(
        async (deep: App) => {
          deep.get('/here', async () => 'deep')
          deep.register(async (deeper: App) => notFound(deeper, 'deeper'), { prefix: '/deeper' })
        },
        { prefix: '/deep' },
      )
    },
    { prefix: '/v1' },
  )
  app.register(async (v2: App) => v2.get('/here', async () => 'v2'), { prefix: '/v2' })
  return app
}

describe('Encapsulation rules: not-found handlers', () => {
  test('Encapsulation rules 1: not-found handlers may be set at the root, a child and a great-grandchild', async (t) => {
    const app = buildNotFoundTree()
    t.after(() => app.close())
    assert.equal(await notFoundBy(app, '/nope'), 'root')
    assert.equal(await notFoundBy(app, '/v1/nope'), 'v1')
    assert.equal(await notFoundBy(app, '/v1/deep/deeper/nope'), 'deeper')
  })

  test('Encapsulation rules 2: a prefix without its own handler uses its nearest ancestor’s', async (t) => {
    const app = buildNotFoundTree()
    t.after(() => app.close())
    assert.equal(await notFoundBy(app, '/v1/deep/nope'), 'v1')
  })

  test('Encapsulation rules 3: a child’s not-found handler never answers the parent’s unmatched URLs', async (t) => {
    const app = buildNotFoundTree()
    t.after(() => app.close())
    assert.equal(await notFoundBy(app, '/nope'), 'root')
    assert.equal(await notFoundBy(app, '/v10/nope'), 'root')
    assert.equal(await notFoundBy(app, '/v1/nope'), 'v1')
  })

  test('Encapsulation rules 4: a sibling prefix uses the root’s handler, not its sibling’s', async (t) => {
    const app = buildNotFoundTree()
    t.after(() => app.close())
    assert.equal(await notFoundBy(app, '/v2/nope'), 'root')
    // Matching routes are unaffected by any not-found handler.
    assert.equal((await app.inject('/v2/here')).body, 'v2')
    assert.equal((await app.inject('/v1/deep/here')).body, 'deep')
  })

  test('setNotFoundHandler: without any handler a prefixed child’s 404 is the default payload', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (v1: App) => v1.get('/here', async () => 'ok'), { prefix: '/v1' })
    const res = await app.inject('/v1/nope')
    assert.equal(res.statusCode, 404)
    assert.deepEqual(res.json(), {
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/v1/nope not found',
    })
  })

  test('setNotFoundHandler: a second handler for the same prefix is rejected', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    notFound(app, 'first')
    assert.throws(() => notFound(app, 'second'), /already set/i)
  })

  test('Encapsulation rules 6: a not-found handler set in a wrapped plugin is the parent’s', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(plugin(async (w: App) => notFound(w, 'wrapped')))
    app.register(async (v1: App) => v1.get('/here', async () => 'ok'), { prefix: '/v1' })
    assert.equal(await notFoundBy(app, '/nope'), 'wrapped')
    assert.equal(await notFoundBy(app, '/v1/nope'), 'wrapped')
  })
})
