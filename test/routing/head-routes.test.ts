import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

describe('automatic HEAD routes', () => {
  test('each GET route answers HEAD with the same status and headers and no body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/json', async (_request, reply) => {
      reply.header('x-extra', 'yes')
      return { hello: 'world' }
    })
    const get = await app.inject({ method: 'GET', url: '/json' })
    const head = await app.inject({ method: 'HEAD', url: '/json' })
    assert.equal(head.statusCode, 200)
    assert.equal(head.body, '')
    assert.equal(head.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(head.headers['content-length'], get.headers['content-length'])
    assert.equal(head.headers['content-length'], '17')
    assert.equal(head.headers['x-extra'], 'yes')
  })

  test('over real HTTP, HEAD carries the GET headers and an empty body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/text', async () => 'text')
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${address}/text`, { method: 'HEAD' })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8')
    assert.equal(res.headers.get('content-length'), '4')
    assert.equal(await res.text(), '')
  })

  test('exposeHeadRoutes: false turns the automatic HEAD routes off', async (t) => {
    const app = arbor({ exposeHeadRoutes: false })
    t.after(() => app.close())
    app.get('/x', async () => 'x')
    const res = await app.inject({ method: 'HEAD', url: '/x' })
    assert.equal(res.statusCode, 404)
    // Not an automatic HEAD route: its payload is sent as Fastify sends it (node drops it on a
    // real socket; inject shows it), and its headers describe it.
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    const payload = '{"message":"Route HEAD:/x not found","error":"Not Found","statusCode":404}'
    assert.equal(res.body, payload)
    assert.equal(res.headers['content-length'], String(payload.length))
    assert.equal(app.hasRoute({ method: 'HEAD', url: '/x' }), false)
  })

  test('exposeHeadRoute: false on one route turns it off for that route only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/off', { exposeHeadRoute: false }, async () => 'off')
    app.get('/on', async () => 'on')
    assert.equal((await app.inject({ method: 'HEAD', url: '/off' })).statusCode, 404)
    assert.equal((await app.inject({ method: 'HEAD', url: '/on' })).statusCode, 200)
  })

  test('exposeHeadRoute: true on a route overrides exposeHeadRoutes: false', async (t) => {
    const app = arbor({ exposeHeadRoutes: false })
    t.after(() => app.close())
    app.get('/on', { exposeHeadRoute: true }, async () => 'on')
    assert.equal((await app.inject({ method: 'HEAD', url: '/on' })).statusCode, 200)
  })

  test('an explicit HEAD route registered after the GET replaces the automatic one', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/custom', async () => 'from get')
    app.head('/custom', async (_request, reply) => {
      reply.header('x-custom-head', 'yes')
      return ''
    })
    const res = await app.inject({ method: 'HEAD', url: '/custom' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['x-custom-head'], 'yes')
    assert.equal(res.headers['content-length'], '0')
  })

  test('an explicit HEAD route registered before the GET is kept', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.head('/custom', async (_request, reply) => {
      reply.header('x-custom-head', 'yes')
      return ''
    })
    app.get('/custom', async () => 'from get')
    const res = await app.inject({ method: 'HEAD', url: '/custom' })
    assert.equal(res.headers['x-custom-head'], 'yes')
    assert.equal((await app.inject({ method: 'GET', url: '/custom' })).body, 'from get')
  })

  test('the automatic HEAD route runs the GET handler with request.method HEAD', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const methods: string[] = []
    app.get('/m', async (request) => {
      methods.push(request.method)
      return 'm'
    })
    await app.inject({ method: 'HEAD', url: '/m' })
    assert.deepEqual(methods, ['HEAD'])
  })
})
