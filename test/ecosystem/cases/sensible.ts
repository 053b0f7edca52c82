// @fastify/sensible cases shared by its Fastify 4 major (5) and its Fastify 5 major (6): reply
// helpers, app.httpErrors and app.assert, whose errors arbor's default error handler renders
// with their status codes, reply.vary, reply.cacheControl and request.is.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

// The plugin's decorators are typed on FastifyInstance / FastifyReply; on arbor they are plain
// properties, reached through these narrow views.
type HttpErrors = {
  notFound(message?: string): Error & { statusCode: number }
  createError(status: number, message: string): Error & { statusCode: number }
}
type SensibleReply = {
  notFound(message?: string): unknown
  badRequest(message?: string): unknown
  vary(field: string): void
  cacheControl(directive: string, seconds?: number): SensibleReply
}
type SensibleApp = {
  httpErrors: HttpErrors
  assert(condition: unknown, status: number, message: string): void
  to<T>(promise: Promise<T>): Promise<[Error | null, T | undefined]>
}

export function sensibleCases({ plugin, app: makeApp, label }: PluginCase): void {
  async function build() {
    const app = makeApp()
    await app.register(plugin)
    return app
  }

  test(`${label}: reply.notFound() and reply.badRequest() send the matching errors`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    app.get('/missing', async (_request, reply) => (reply as unknown as SensibleReply).notFound())
    app.get('/bad', async (_request, reply) =>
      (reply as unknown as SensibleReply).badRequest('name is required'),
    )
    const missing = await app.inject({ method: 'GET', url: '/missing' })
    assert.equal(missing.statusCode, 404)
    assert.deepEqual(missing.json(), { statusCode: 404, error: 'Not Found', message: 'Not Found' })
    const bad = await app.inject({ method: 'GET', url: '/bad' })
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(bad.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'name is required',
    })
  })

  test(`${label}: a thrown app.httpErrors error keeps its status code`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const { httpErrors } = app as unknown as SensibleApp
    assert.equal(typeof httpErrors.notFound, 'function')
    app.get('/teapot', async () => {
      throw httpErrors.createError(418, 'short and stout')
    })
    app.get('/gone', async () => {
      throw httpErrors.notFound('no such user')
    })
    const teapot = await app.inject({ method: 'GET', url: '/teapot' })
    assert.equal(teapot.statusCode, 418)
    assert.equal(teapot.json().message, 'short and stout')
    const gone = await app.inject({ method: 'GET', url: '/gone' })
    assert.equal(gone.statusCode, 404)
    assert.equal(gone.json().message, 'no such user')
  })

  test(`${label}: app.assert throws an http error, app.to wraps a promise`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const sensibleApp = app as unknown as SensibleApp
    app.get<{ Querystring: { n?: string } }>('/positive', async (request) => {
      const n = Number(request.query.n)
      sensibleApp.assert(n > 0, 422, 'n must be positive')
      return { n }
    })
    const ok = await app.inject({ method: 'GET', url: '/positive?n=3' })
    assert.deepEqual(ok.json(), { n: 3 })
    const refused = await app.inject({ method: 'GET', url: '/positive?n=-1' })
    assert.equal(refused.statusCode, 422)
    assert.equal(refused.json().message, 'n must be positive')

    const [err, value] = await sensibleApp.to(Promise.reject(new Error('boom')))
    assert.equal(err?.message, 'boom')
    assert.equal(value, undefined)
  })

  test(`${label}: reply.vary adds to the vary header, request.is checks the content type`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    app.post('/', async (request, reply) => {
      reply.header('vary', 'Origin')
      ;(reply as unknown as { vary(field: string): void }).vary('Accept')
      return { json: (request as unknown as { is(types: string[]): string | false }).is(['json']) }
    })
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers.vary, 'Origin, Accept')
    assert.deepEqual(res.json(), { json: 'json' })
  })

  test(`${label}: over real HTTP thrown http errors and app.assert keep their status`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const { httpErrors } = app as unknown as SensibleApp
    app.get('/teapot', async () => {
      throw httpErrors.createError(418, 'short and stout')
    })
    app.get<{ Querystring: { n?: string } }>('/positive', async (request) => {
      const n = Number(request.query.n)
      ;(app as unknown as SensibleApp).assert(n > 0, 422, 'n must be positive')
      return { n }
    })
    const port = await listenLocal(app)
    const request = (path: string) => fetch(`http://127.0.0.1:${port}${path}`)
    const teapot = await request('/teapot')
    assert.equal(teapot.status, 418)
    assert.equal(((await teapot.json()) as { message: string }).message, 'short and stout')
    const refused = await request('/positive?n=-1')
    assert.equal(refused.status, 422)
    assert.equal(((await refused.json()) as { message: string }).message, 'n must be positive')
    const ok = await request('/positive?n=3')
    assert.deepEqual(await ok.json(), { n: 3 })
  })

  test(`${label}: reply.vary and reply.cacheControl set their headers`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    app.get('/cached', async (_request, reply) => {
      const sensibleReply = reply as unknown as SensibleReply
      sensibleReply.vary('Accept')
      sensibleReply.cacheControl('max-age', 60)
      return 'cached'
    })
    const res = await app.inject({ method: 'GET', url: '/cached' })
    assert.equal(res.body, 'cached')
    assert.equal(res.headers.vary, 'Accept')
    assert.equal(res.headers['cache-control'], 'max-age=60')
  })
}
