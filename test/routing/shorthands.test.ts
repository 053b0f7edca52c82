import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

const shorthands = ['get', 'head', 'post', 'put', 'delete', 'options', 'patch'] as const
type Shorthand = (typeof shorthands)[number]
const upper = (name: Shorthand) => name.toUpperCase() as Uppercase<Shorthand>

describe('route shorthands', () => {
  for (const name of shorthands) {
    const method = upper(name)

    test(`${name}(path, handler)`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app[name]('/x', async (_request, reply) => {
        reply.header('x-method', method)
        return 'two args'
      })
      const res = await app.inject({ method, url: '/x' })
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['x-method'], method)
      if (method !== 'HEAD') assert.equal(res.body, 'two args')
    })

    test(`${name}(path, options, handler)`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app[name]('/x', { config: { tag: name } }, async (request, reply) => {
        reply.header('x-tag', (request.routeOptions.config as { tag: string }).tag)
        return 'three args'
      })
      const res = await app.inject({ method, url: '/x' })
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['x-tag'], name)
      if (method !== 'HEAD') assert.equal(res.body, 'three args')
    })

    test(`${name}(path, options with handler)`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app[name]('/x', {
        config: { tag: name },
        handler: async (request, reply) => {
          reply.header('x-tag', (request.routeOptions.config as { tag: string }).tag)
          return 'handler in options'
        },
      })
      const res = await app.inject({ method, url: '/x' })
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['x-tag'], name)
      if (method !== 'HEAD') assert.equal(res.body, 'handler in options')
    })

    test(`${name}() registers only its own method`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app[name]('/x', async () => 'x')
      const other = method === 'PUT' ? 'PATCH' : 'PUT'
      const res = await app.inject({ method: other, url: '/x' })
      assert.equal(res.statusCode, 404)
      assert.deepEqual(res.json(), {
        message: `Route ${other}:/x not found`,
        error: 'Not Found',
        statusCode: 404,
      })
    })
  }

  test('all(path, handler), all(path, options, handler), all(path, options with handler)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.all('/a', async (request) => `a ${request.method}`)
    app.all('/b', { config: { v: 'b' } }, async (request) => `b ${request.method}`)
    app.all('/c', { handler: async (request) => `c ${request.method}` })
    for (const path of ['a', 'b', 'c']) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
        const res = await app.inject({ method, url: `/${path}` })
        assert.equal(res.statusCode, 200)
        assert.equal(res.body, `${path} ${method}`)
      }
    }
  })

  test('shorthands return the instance, so calls chain', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/1', async () => '1').post('/2', async () => '2')
    assert.equal((await app.inject({ method: 'GET', url: '/1' })).body, '1')
    assert.equal((await app.inject({ method: 'POST', url: '/2' })).body, '2')
  })

  test('a handler both in options and as third argument is rejected', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    assert.throws(
      () => app.get('/dup', { handler: async () => 'a' }, async () => 'b'),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'FST_ERR_ROUTE_DUPLICATED_HANDLER')
        assert.match(err.message, /GET/)
        assert.match(err.message, /\/dup/)
        return true
      },
    )
  })
})
