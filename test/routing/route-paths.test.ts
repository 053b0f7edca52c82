// How a route's path joins its context's prefix (Fastify 4's rules), and when onRoute runs.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, type RouteOptions } from '../../src/index.ts'

type App = ArborInstance

describe('route paths and prefixes', () => {
  test("prefix '/v1/' keeps its slash: 'route2' and '/route1' both land under /v1/", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      async (v1: App) => {
        v1.get('/route1', async () => 'one')
        v1.get('route2', async () => 'two')
        v1.register(async (inner: App) => inner.get('/route3', async () => 'three'), {
          prefix: '/inner/',
        })
      },
      { prefix: '/v1/' },
    )
    assert.equal((await app.inject('/v1/route1')).body, 'one')
    assert.equal((await app.inject('/v1/route2')).body, 'two')
    assert.equal((await app.inject('/v1/inner/route3')).body, 'three')
  })

  test("instance.prefix keeps a trailing slash as given; a nested '/v2' does not double it", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const prefixes: string[] = []
    app.register(
      async (v1: App) => {
        prefixes.push(v1.prefix)
        v1.register(async (v2: App) => void prefixes.push(v2.prefix), { prefix: '/v2' })
      },
      { prefix: '/v1/' },
    )
    await app.ready()
    assert.deepEqual(prefixes, ['/v1/', '/v1/v2'])
  })

  test("a '/' route under prefix '/prefix/' answers at /prefix/ only", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (p: App) => p.get('/', async () => 'index'), { prefix: '/prefix/' })
    assert.equal((await app.inject('/prefix/')).body, 'index')
    assert.equal((await app.inject('/prefix')).statusCode, 404)
  })

  test("the not-found handler of prefix '/v1/' answers for URLs under it", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      async (v1: App) => {
        v1.setNotFoundHandler(async (_request, reply) => reply.code(404).send('v1 not found'))
      },
      { prefix: '/v1/' },
    )
    assert.equal((await app.inject('/v1/nope')).body, 'v1 not found')
    assert.notEqual((await app.inject('/v2/nope')).body, 'v1 not found')
  })

  test("onRoute runs once for a '/' route that answers at both prefix and prefix/", async (t) => {
    const app = arbor({ exposeHeadRoutes: false })
    t.after(() => app.close())
    const seen: string[] = []
    app.register(
      async (p: App) => {
        p.addHook(
          'onRoute',
          (options: RouteOptions) => void seen.push(`${options.method} ${options.url}`),
        )
        p.route({ method: 'GET', url: '/', prefixTrailingSlash: 'both', handler: async () => 'i' })
      },
      { prefix: '/prefix' },
    )
    await app.ready()
    assert.deepEqual(seen, ['GET /prefix'])
    assert.equal((await app.inject('/prefix')).body, 'i')
    assert.equal((await app.inject('/prefix/')).body, 'i')
  })

  test('onRoute sees each automatic HEAD route, made from the route as given', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('onRoute', (options: RouteOptions) => {
      seen.push(`${String(options.method)} ${options.url} ${String(options.config?.tag)}`)
      if (options.method === 'GET') options.config = { tag: 'changed by onRoute' }
    })
    app.get('/x', { config: { tag: 'given' } }, async () => 'x')
    await app.ready()
    assert.deepEqual(seen, ['GET /x given', 'HEAD /x given'])
  })

  test("an empty path at the root throws 'The path could not be empty'", () => {
    const app = arbor()
    assert.throws(() => app.route({ method: 'GET', url: '', handler: async () => 'x' }), {
      code: 'FST_ERR_ROUTE_PATH_EMPTY',
      message: 'The path could not be empty',
    })
    assert.throws(() => app.get('', async () => 'x'), { message: 'The path could not be empty' })
  })

  test('an empty path inside a prefix is the prefix itself', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (p: App) => p.get('', async () => 'bare'), { prefix: '/bare' })
    assert.equal((await app.inject('/bare')).body, 'bare')
  })
})
