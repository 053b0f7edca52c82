// register(plugin, { prefix }): every route registered inside is prefixed, prefixes nest,
// and instance.prefix reads the context's full prefix (issue "Plugins").
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, { type ArborInstance, type ArborRequest, plugin } from '../../src/index.ts'

type App = ArborInstance

async function get(app: App, url: string): Promise<{ status: number; body: string }> {
  const res = await app.inject(url)
  return { status: res.statusCode, body: res.body }
}

describe('prefix', () => {
  test('prefix: nests across child, grandchild and great-grandchild', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      async (v1: App) => {
        v1.get('/status', async () => 'v1 status')
        v1.register(
          async (users: App) => {
            users.get('/list', async () => 'users list')
            users.register(async (admin: App) => admin.get('/panel', async () => 'admin panel'), {
              prefix: '/admin',
            })
          },
          { prefix: '/users' },
        )
      },
      { prefix: '/v1' },
    )
    assert.deepEqual(await get(app, '/v1/status'), { status: 200, body: 'v1 status' })
    assert.deepEqual(await get(app, '/v1/users/list'), { status: 200, body: 'users list' })
    assert.deepEqual(await get(app, '/v1/users/admin/panel'), { status: 200, body: 'admin panel' })
    assert.equal((await get(app, '/users/list')).status, 404)
    assert.equal((await get(app, '/status')).status, 404)
    assert.equal((await get(app, '/admin/panel')).status, 404)
  })

  test('prefix: instance.prefix reads the full prefix of each context', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: Record<string, unknown> = { root: app.prefix }
    app.register(
      async (v1: App) => {
        seen.v1 = v1.prefix
        v1.register(
          async (users: App) => {
            seen.users = users.prefix
            users.register(async (plain: App) => {
              seen.unprefixedGrandchild = plain.prefix
            })
          },
          { prefix: '/users' },
        )
      },
      { prefix: '/v1' },
    )
    app.register(async (other: App) => {
      seen.sibling = other.prefix
    })
    await app.ready()
    assert.deepEqual(seen, {
      root: '',
      v1: '/v1',
      users: '/v1/users',
      unprefixedGrandchild: '/v1/users',
      sibling: '',
    })
  })

  test('prefix: applies to route() and to every shorthand', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      async (api: App) => {
        api.route({ method: 'GET', url: '/route', handler: async () => 'route' })
        api.post('/post', async () => 'post')
        api.put('/put', async () => 'put')
        api.delete('/delete', async () => 'delete')
      },
      { prefix: '/api' },
    )
    assert.equal((await app.inject('/api/route')).body, 'route')
    assert.equal((await app.inject({ method: 'POST', url: '/api/post' })).body, 'post')
    assert.equal((await app.inject({ method: 'PUT', url: '/api/put' })).body, 'put')
    assert.equal((await app.inject({ method: 'DELETE', url: '/api/delete' })).body, 'delete')
  })

  test('prefix: a "/" route inside a prefixed plugin answers at the prefix, with and without a trailing slash', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (users: App) => users.get('/', async () => 'index'), { prefix: '/users' })
    assert.deepEqual(await get(app, '/users'), { status: 200, body: 'index' })
    assert.deepEqual(await get(app, '/users/'), { status: 200, body: 'index' })
  })

  test('prefix: a trailing slash on the prefix does not double the slash', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (i: App) => i.get('/a', async () => 'a'), { prefix: '/slash/' })
    assert.deepEqual(await get(app, '/slash/a'), { status: 200, body: 'a' })
  })

  test('prefix: a prefix may hold route parameters, seen by the routes inside', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      async (tenant: App) => {
        tenant.get('/items/:id', async (request: ArborRequest) => request.params)
      },
      { prefix: '/tenants/:tenant' },
    )
    const res = await app.inject('/tenants/acme/items/7')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { tenant: 'acme', id: '7' })
  })

  test('prefix: sibling prefixes are independent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (a: App) => a.get('/x', async () => 'a'), { prefix: '/a' })
    app.register(async (b: App) => b.get('/x', async () => 'b'), { prefix: '/b' })
    assert.equal((await app.inject('/a/x')).body, 'a')
    assert.equal((await app.inject('/b/x')).body, 'b')
  })

  test('prefix: a wrapped plugin runs in its parent’s context, so it uses the parent’s prefix', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let seenPrefix: unknown
    app.register(
      async (v1: App) => {
        v1.register(
          plugin(async (w: App) => {
            seenPrefix = w.prefix
            w.get('/wrapped', async () => 'wrapped')
          }),
          { prefix: '/ignored' },
        )
      },
      { prefix: '/v1' },
    )
    assert.deepEqual(await get(app, '/v1/wrapped'), { status: 200, body: 'wrapped' })
    assert.equal((await get(app, '/v1/ignored/wrapped')).status, 404)
    assert.equal(seenPrefix, '/v1')
  })

  test('prefix: the request knows its prefixed route url', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      async (v1: App) =>
        v1.register(
          async (users: App) =>
            users.get('/:id', async (request: ArborRequest) => ({ url: request.routeOptions.url })),
          { prefix: '/users' },
        ),
      { prefix: '/v1' },
    )
    assert.deepEqual((await app.inject('/v1/users/3')).json(), { url: '/v1/users/:id' })
  })

  test('prefix: a wrapped plugin with a name from fastify-plugin behaves the same', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      async (v2: App) => {
        v2.register(
          fp(async (w: App) => w.get('/fp', async () => 'fp'), { name: 'fp-prefixed' }),
          {
            prefix: '/ignored',
          },
        )
      },
      { prefix: '/v2' },
    )
    assert.deepEqual(await get(app, '/v2/fp'), { status: 200, body: 'fp' })
  })
})
