// rewriteUrl(req): the factory option that rewrites a request's URL before it is routed.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

describe('rewriteUrl', () => {
  test('rewriteUrl(req): the rewritten url is routed; originalUrl keeps the one received', async (t) => {
    let self: unknown
    const seen: Array<string | undefined> = []
    const app = arbor({
      rewriteUrl(req) {
        self = this
        seen.push(req.url)
        return req.url === '/old/path?x=1' ? '/new/path?x=1' : (req.url ?? '/')
      },
    })
    t.after(() => app.close())
    app.get('/new/path', async (request) => ({
      url: request.url,
      originalUrl: request.originalUrl,
      query: request.query,
    }))
    const res = await app.inject('/old/path?x=1')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), {
      url: '/new/path?x=1',
      originalUrl: '/old/path?x=1',
      query: { x: '1' },
    })
    assert.deepEqual(seen, ['/old/path?x=1'])
    assert.equal(self, app, 'this is the root instance')
  })

  test('rewriteUrl returning the same url routes it unchanged (404 here)', async (t) => {
    const app = arbor({ rewriteUrl: (req) => req.url ?? '/' })
    t.after(() => app.close())
    app.get('/', async () => 'root')
    assert.equal((await app.inject('/elsewhere')).statusCode, 404)
    assert.equal((await app.inject('/')).body, 'root')
  })

  test('rewriteUrl works over real HTTP too', async (t) => {
    const app = arbor({ rewriteUrl: () => '/' })
    t.after(() => app.close())
    app.get('/', async () => ({ hello: 'world' }))
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/would-404`)
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { hello: 'world' })
  })

  test('rewriteUrl not returning a string: the connection is reset (FST_ERR_ROUTE_REWRITE_NOT_STR)', async (t) => {
    const errors: Error[] = []
    const app = arbor({ rewriteUrl: () => undefined as unknown as string })
    t.after(() => app.close())
    app.get('/', async () => 'root')
    app.server.on('clientError', (err: Error) => errors.push(err))
    const port = await listenLocal(app)
    await assert.rejects(fetch(`http://127.0.0.1:${port}/x`))
    assert.equal((errors[0] as Error & { code?: string })?.code, 'FST_ERR_ROUTE_REWRITE_NOT_STR')
    assert.equal(
      errors[0]?.message,
      'Rewrite url for "/x" needs to be of type "string" but received "undefined"',
    )
  })

  test('rewriteUrl that is not a function is refused', () => {
    assert.throws(() => arbor({ rewriteUrl: '/' as never }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  })

  test('instance.routing(req, res) routes a raw request as the server does, rewriteUrl included', async (t) => {
    const app: ArborInstance = arbor({ rewriteUrl: (req) => (req.url === '/a' ? '/b' : '/') })
    t.after(() => app.close())
    app.get('/b', async (request) => `b from ${request.originalUrl}`)
    await app.ready()
    // a second server hands its requests to the application, as @fastify/websocket does
    const { createServer } = await import('node:http')
    const other = createServer((req, res) => app.routing(req, res))
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    t.after(() => new Promise<void>((resolve) => other.close(() => resolve())))
    const port = (other.address() as { port: number }).port
    const res = await fetch(`http://127.0.0.1:${port}/a`)
    assert.equal(await res.text(), 'b from /a')
  })
})
