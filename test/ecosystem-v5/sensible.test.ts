// @fastify/sensible 6 (the Fastify 5 major) on arbor, in both lines: reply helpers, thrown
// app.httpErrors, app.assert, request.forwarded, reply.vary and reply.cacheControl.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import sensible from '@fastify/sensible-v5'
import { lines, overHttp } from './lines.ts'

// The plugin types its decorators on FastifyInstance / FastifyReply; on arbor they are plain
// properties, reached through these narrow views.
type SensibleApp = {
  httpErrors: { createError(status: number, message: string): Error; notFound(m?: string): Error }
  assert(condition: unknown, status: number, message: string): void
}
type SensibleReply = {
  notFound(message?: string): unknown
  badRequest(message?: string): unknown
  vary(field: string): void
  cacheControl(directive: string, seconds?: number): SensibleReply
}

for (const line of lines) {
  async function build() {
    const app = line.app()
    await app.register(sensible)
    const { httpErrors } = app as unknown as SensibleApp
    app.get('/missing', async (_request, reply) => (reply as unknown as SensibleReply).notFound())
    app.get('/bad', async (_request, reply) =>
      (reply as unknown as SensibleReply).badRequest('name is required'),
    )
    app.get('/teapot', async () => {
      throw httpErrors.createError(418, 'short and stout')
    })
    app.get<{ Querystring: { n?: string } }>('/positive', async (request) => {
      const n = Number(request.query.n)
      ;(app as unknown as SensibleApp).assert(n > 0, 422, 'n must be positive')
      return { n }
    })
    app.get('/cached', async (_request, reply) => {
      const sensibleReply = reply as unknown as SensibleReply
      sensibleReply.vary('Accept')
      sensibleReply.cacheControl('max-age', 60)
      return 'cached'
    })
    return app
  }

  test(`@fastify/sensible 6 (${line.name}): reply.notFound() and reply.badRequest() send their errors`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const missing = await app.inject({ method: 'GET', url: '/missing' })
    assert.equal(missing.statusCode, 404)
    assert.deepEqual(missing.json(), { statusCode: 404, error: 'Not Found', message: 'Not Found' })
    const bad = await app.inject({ method: 'GET', url: '/bad' })
    assert.deepEqual(bad.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'name is required',
    })
  })

  test(`@fastify/sensible 6 (${line.name}): over HTTP thrown http errors and app.assert keep their status`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const teapot = await request('/teapot')
    assert.equal(teapot.status, 418)
    assert.equal(((await teapot.json()) as { message: string }).message, 'short and stout')
    const refused = await request('/positive?n=-1')
    assert.equal(refused.status, 422)
    assert.equal(((await refused.json()) as { message: string }).message, 'n must be positive')
    const ok = await request('/positive?n=3')
    assert.deepEqual(await ok.json(), { n: 3 })
  })

  test(`@fastify/sensible 6 (${line.name}): reply.vary and reply.cacheControl set their headers`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await app.inject({ method: 'GET', url: '/cached' })
    assert.equal(res.body, 'cached')
    assert.equal(res.headers.vary, 'Accept')
    assert.equal(res.headers['cache-control'], 'max-age=60')
  })
}
