import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

const notFound = (method: string, url: string) => ({
  message: `Route ${method}:${url} not found`,
  error: 'Not Found',
  statusCode: 404,
})

describe('route()', () => {
  test('route({ method, url, handler }) serves the route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.route({ method: 'GET', url: '/hello', handler: async () => ({ hello: 'world' }) })
    const res = await app.inject({ method: 'GET', url: '/hello' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { hello: 'world' })
  })

  test('path is an alias of url', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.route({ method: 'GET', path: '/via-path', handler: async () => 'ok' } as never)
    const res = await app.inject({ method: 'GET', url: '/via-path' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'ok')
  })

  test('method may be lower case', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.route({ method: 'post' as 'POST', url: '/lower', handler: async () => 'posted' })
    const res = await app.inject({ method: 'POST', url: '/lower' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'posted')
  })

  test('method as an array registers the handler for each method, and no other', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.route({
      method: ['GET', 'POST'],
      url: '/multi',
      handler: async (request) => ({ method: request.method }),
    })
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/multi' })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { method })
    }
    const put = await app.inject({ method: 'PUT', url: '/multi' })
    assert.equal(put.statusCode, 404)
    assert.deepEqual(put.json(), notFound('PUT', '/multi'))
  })

  test('route() returns the instance, so calls chain', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const returned = app.route({ method: 'GET', url: '/', handler: async () => 'x' })
    assert.equal(returned, app)
  })

  test('config is available as request.routeOptions.config', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.route({
      method: 'GET',
      url: '/cfg',
      config: { feature: 'on' },
      handler: async (request) => ({
        feature: (request.routeOptions.config as { feature?: string }).feature,
      }),
    })
    const res = await app.inject({ method: 'GET', url: '/cfg' })
    assert.deepEqual(res.json(), { feature: 'on' })
  })

  test('route-level hooks run for that route only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.route({
      method: 'GET',
      url: '/hooked',
      onRequest: async (request) => {
        seen.push(`onRequest ${request.url}`)
      },
      preHandler: [
        async (request) => {
          seen.push(`preHandler ${request.url}`)
        },
      ],
      handler: async () => 'hooked',
    })
    app.get('/plain', async () => 'plain')
    await app.inject({ method: 'GET', url: '/plain' })
    const res = await app.inject({ method: 'GET', url: '/hooked' })
    assert.equal(res.body, 'hooked')
    assert.deepEqual(seen, ['onRequest /hooked', 'preHandler /hooked'])
  })

  test('route-level bodyLimit overrides the instance limit', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.route({ method: 'POST', url: '/small', bodyLimit: 5, handler: async () => 'ok' })
    const ok = await app.inject({ method: 'POST', url: '/small', payload: { a: 1 } })
    assert.equal(ok.statusCode, 413)
    assert.equal(ok.json().code, 'FST_ERR_CTP_BODY_TOO_LARGE')
    const tiny = await app.inject({
      method: 'POST',
      url: '/small',
      headers: { 'content-type': 'text/plain' },
      payload: 'abc',
    })
    assert.equal(tiny.statusCode, 200)
  })

  test('constraints: a route constrained on host matches only that host', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.route({
      method: 'GET',
      url: '/',
      constraints: { host: 'api.example.com' },
      handler: async () => 'api',
    })
    app.get('/', async () => 'default')
    const api = await app.inject({ method: 'GET', url: '/', headers: { host: 'api.example.com' } })
    assert.equal(api.body, 'api')
    const other = await app.inject({ method: 'GET', url: '/', headers: { host: 'example.com' } })
    assert.equal(other.body, 'default')
  })

  test('constraints: version routes on the accept-version header', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.route({
      method: 'GET',
      url: '/v',
      constraints: { version: '1.2.0' },
      handler: async () => 'v1',
    })
    app.route({
      method: 'GET',
      url: '/v',
      constraints: { version: '2.0.0' },
      handler: async () => 'v2',
    })
    const v1 = await app.inject({ method: 'GET', url: '/v', headers: { 'accept-version': '1.x' } })
    assert.equal(v1.body, 'v1')
    const v2 = await app.inject({ method: 'GET', url: '/v', headers: { 'accept-version': '2.x' } })
    assert.equal(v2.body, 'v2')
    const none = await app.inject({
      method: 'GET',
      url: '/v',
      headers: { 'accept-version': '3.x' },
    })
    assert.equal(none.statusCode, 404)
  })

  test('all() answers every supported method on the path', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.all('/any', async (request) => ({ method: request.method }))
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      const res = await app.inject({ method, url: '/any' })
      assert.equal(res.statusCode, 200, method)
      assert.deepEqual(res.json(), { method })
    }
    const head = await app.inject({ method: 'HEAD', url: '/any' })
    assert.equal(head.statusCode, 200)
  })
})

describe('paths (find-my-way)', () => {
  test('static paths match exactly', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/a/b', async () => 'ab')
    assert.equal((await app.inject('/a/b')).body, 'ab')
    const miss = await app.inject('/a/bc')
    assert.equal(miss.statusCode, 404)
    assert.deepEqual(miss.json(), notFound('GET', '/a/bc'))
  })

  test(':params are decoded into request.params', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/users/:id/posts/:postId', async (request) => request.params)
    const res = await app.inject('/users/a%20b/posts/7')
    assert.deepEqual(res.json(), { id: 'a b', postId: '7' })
  })

  test('several params in one segment: /at/:hour-:minute', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/at/:hour-:minute', async (request) => request.params)
    const res = await app.inject('/at/10-30')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { hour: '10', minute: '30' })
  })

  test('wildcard * captures the rest of the path, slashes included', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/files/*', async (request) => request.params)
    assert.deepEqual((await app.inject('/files/a/b/c.txt')).json(), { '*': 'a/b/c.txt' })
    assert.deepEqual((await app.inject('/files/')).json(), { '*': '' })
    assert.equal((await app.inject('/files')).statusCode, 404)
  })

  test('regex params match only what the expression allows', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/r/:id(^\\d+$)', async (request) => request.params)
    const ok = await app.inject('/r/123')
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { id: '123' })
    const miss = await app.inject('/r/abc')
    assert.equal(miss.statusCode, 404)
    assert.deepEqual(miss.json(), notFound('GET', '/r/abc'))
  })

  test('a static route wins over a parametric one', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/u/:id', async () => 'param')
    app.get('/u/me', async () => 'static')
    assert.equal((await app.inject('/u/me')).body, 'static')
    assert.equal((await app.inject('/u/you')).body, 'param')
  })

  test('the query string is not part of the path', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/q', async (request) => request.query)
    const res = await app.inject('/q?x=1&y=two')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { x: '1', y: 'two' })
  })

  test('a malformed percent-encoding in the path gets 400 FST_ERR_BAD_URL', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/users/:id', async () => 'never')
    const res = await app.inject('/users/%zz')
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), {
      error: 'Bad Request',
      code: 'FST_ERR_BAD_URL',
      message: "'/users/%zz' is not a valid url component",
      statusCode: 400,
    })
  })
})

describe('router options', () => {
  test('caseSensitive is true by default: /Hello does not match /hello', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/hello', async () => 'hi')
    const res = await app.inject('/Hello')
    assert.equal(res.statusCode, 404)
    assert.deepEqual(res.json(), notFound('GET', '/Hello'))
  })

  test('caseSensitive: false matches paths case-insensitively, params keep their case', async (t) => {
    const app = arbor({ caseSensitive: false })
    t.after(() => app.close())
    app.get('/hello/:name', async (request) => request.params)
    const res = await app.inject('/HeLLo/World')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { name: 'World' })
  })

  test('ignoreTrailingSlash is false by default', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/slash', async () => 'ok')
    assert.equal((await app.inject('/slash/')).statusCode, 404)
  })

  test('ignoreTrailingSlash: true matches with and without the trailing slash', async (t) => {
    const app = arbor({ ignoreTrailingSlash: true })
    t.after(() => app.close())
    app.get('/slash', async () => 'no slash')
    app.get('/other/', async () => 'slash')
    assert.equal((await app.inject('/slash')).body, 'no slash')
    assert.equal((await app.inject('/slash/')).body, 'no slash')
    assert.equal((await app.inject('/other')).body, 'slash')
    assert.equal((await app.inject('/other/')).body, 'slash')
  })

  test('ignoreDuplicateSlashes is false by default', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/a/b', async () => 'ok')
    assert.equal((await app.inject('/a//b')).statusCode, 404)
  })

  test('ignoreDuplicateSlashes: true collapses repeated slashes', async (t) => {
    const app = arbor({ ignoreDuplicateSlashes: true })
    t.after(() => app.close())
    app.get('/a/b', async () => 'ok')
    const res = await app.inject('//a///b')
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'ok')
  })

  test('maxParamLength defaults to 100', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/p/:x', async (request) => request.params)
    assert.equal((await app.inject(`/p/${'a'.repeat(100)}`)).statusCode, 200)
    assert.notEqual((await app.inject(`/p/${'a'.repeat(101)}`)).statusCode, 200)
  })

  test('maxParamLength: a longer param is not routed to the handler', async (t) => {
    const app = arbor({ maxParamLength: 5 })
    t.after(() => app.close())
    let called = 0
    app.get('/p/:x', async (request) => {
      called++
      return request.params
    })
    const ok = await app.inject('/p/12345')
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { x: '12345' })
    const long = await app.inject('/p/123456')
    // Fastify 4.25 (find-my-way 7) answers the default 404 here
    assert.equal(long.statusCode, 404)
    assert.deepEqual(long.json(), notFound('GET', '/p/123456'))
    assert.equal(called, 1)
  })
})

describe('hasRoute() and printRoutes()', () => {
  test('hasRoute() tells whether a method and url are registered', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/users/:id', async () => 'x')
    app.post('/users', async () => 'x')
    assert.equal(app.hasRoute({ method: 'GET', url: '/users/:id' }), true)
    assert.equal(app.hasRoute({ method: 'HEAD', url: '/users/:id' }), true)
    assert.equal(app.hasRoute({ method: 'POST', url: '/users' }), true)
    assert.equal(app.hasRoute({ method: 'POST', url: '/users/:id' }), false)
    assert.equal(app.hasRoute({ method: 'GET', url: '/nope' }), false)
  })

  test('printRoutes() draws the radix tree with the methods of each node', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => 'x')
    app.get('/users/:id', async () => 'x')
    app.post('/users', async () => 'x')
    app.get('/files/*', async () => 'x')
    await app.ready()
    const tree = app.printRoutes()
    assert.equal(
      tree,
      [
        '└── / (GET, HEAD)',
        '    ├── users (POST)',
        '    │   └── /',
        '    │       └── :id (GET, HEAD)',
        '    └── files/',
        '        └── * (GET, HEAD)',
        '',
      ].join('\n'),
    )
  })

  test('printRoutes({ method }) shows only that method', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/users/:id', async () => 'x')
    app.post('/users', async () => 'x')
    await app.ready()
    const tree = app.printRoutes({ method: 'POST' })
    assert.match(tree, /users \(POST\)/)
    assert.doesNotMatch(tree, /GET/)
  })
})
