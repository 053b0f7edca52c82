// hasRoute() asks the router as a request would; printRoutes() can show each route's hooks and
// error handler; the shorthands check their options as Fastify's do.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'

const handler = async () => 'x'

describe('hasRoute()', () => {
  test('hasRoute() is false, not a throw, when method or url is missing', () => {
    const app = arbor()
    app.get('/', handler)
    const ask = app.hasRoute as (options: unknown) => boolean
    assert.equal(ask.call(app, {}), false)
    assert.equal(ask.call(app, { method: 'GET' }), false)
    assert.equal(ask.call(app, { url: '/' }), false)
    assert.equal(ask.call(app, { constraints: [] }), false)
  })

  test('hasRoute() matches a concrete url against parametric and regexp routes', () => {
    const app = arbor()
    app.get('/example/:file(^\\d+).png', handler)
    app.get('/users/:id', handler)
    assert.equal(app.hasRoute({ method: 'GET', url: '/example/12345.png' }), true)
    assert.equal(app.hasRoute({ method: 'GET', url: '/example/abc.png' }), false)
    assert.equal(app.hasRoute({ method: 'GET', url: '/users/42?full=1' }), true)
    assert.equal(app.hasRoute({ method: 'POST', url: '/users/42' }), false)
  })

  test('hasRoute() with constraints: the route must accept those derived values', () => {
    const app = arbor()
    app.get('/', { constraints: { version: '1.2.0' } }, handler)
    assert.equal(app.hasRoute({ method: 'GET', url: '/', constraints: { version: '1.2.0' } }), true)
    assert.equal(app.hasRoute({ method: 'GET', url: '/', constraints: { version: '1.x' } }), true)
    assert.equal(
      app.hasRoute({ method: 'GET', url: '/', constraints: { version: '1.3.0' } }),
      false,
    )
  })
})

describe('printRoutes() metadata', () => {
  test('includeHooks lists each route’s hooks by name; the HEAD route shows its own onSend', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('onRequest', async function checkAuth() {})
    app.get('/hello', handler)
    await app.ready()
    assert.equal(
      app.printRoutes({ commonPrefix: false, includeHooks: true }),
      [
        '└── /hello (GET)',
        '    • (onRequest) ["checkAuth()"]',
        '    /hello (HEAD)',
        '    • (onRequest) ["checkAuth()"]',
        '    • (onSend) ["headRouteOnSendHandler()"]',
        '',
      ].join('\n'),
    )
  })

  test("includeMeta: ['errorHandler'] names the error handler in effect", async (t) => {
    const app = arbor({ exposeHeadRoutes: false })
    t.after(() => app.close())
    app.get('/default', handler)
    app.get('/own', { errorHandler: function ownHandler() {} }, handler)
    await app.ready()
    assert.equal(
      app.printRoutes({ commonPrefix: false, includeMeta: ['errorHandler'] }),
      [
        '├── /default (GET)',
        '│   • (errorHandler) "defaultErrorHandler()"',
        '└── /own (GET)',
        '    • (errorHandler) "ownHandler()"',
        '',
      ].join('\n'),
    )
  })

  test('without includeHooks or includeMeta, methods of one path share a line', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/hello', handler)
    app.put('/hello', handler)
    await app.ready()
    assert.equal(app.printRoutes({ commonPrefix: false }), '└── /hello (GET, HEAD, PUT)\n')
  })
})

describe('shorthand options', () => {
  test('options beside a handler must be a plain object: [] throws FST_ERR_ROUTE_OPTIONS_NOT_OBJ', () => {
    const app = arbor()
    for (const options of [[], '', 1, null, undefined]) {
      assert.throws(() => app.get('/x', options as never, handler), {
        code: 'FST_ERR_ROUTE_OPTIONS_NOT_OBJ',
      })
    }
  })

  test('options alone without a handler throw FST_ERR_ROUTE_MISSING_HANDLER', () => {
    const app = arbor()
    for (const options of [[], '', 1, null, undefined, {}]) {
      assert.throws(() => app.get('/x', options as never), {
        code: 'FST_ERR_ROUTE_MISSING_HANDLER',
      })
    }
  })

  test('a url that is not a string throws FST_ERR_INVALID_URL', () => {
    const app = arbor()
    assert.throws(() => app.get(42 as never, handler), { code: 'FST_ERR_INVALID_URL' })
  })
})

describe('instance extras', () => {
  test('withTypeProvider() returns the instance itself', () => {
    const app: ArborInstance = arbor()
    assert.equal(app.withTypeProvider(), app)
  })

  test('the named export fastify is the factory', async () => {
    const entry = await import('../../src/index.ts')
    assert.equal(entry.fastify, entry.default)
    assert.equal(entry.fastify, entry.arbor)
  })
})
