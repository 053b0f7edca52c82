// @fastify/sensible 5 on arbor: reply helpers, app.httpErrors and app.assert, whose errors
// arbor's default error handler renders with their status codes.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import sensible from '@fastify/sensible'
import arbor from '../../src/index.ts'

// The plugin's decorators are typed on FastifyInstance / FastifyReply; on arbor they are plain
// properties, reached through these narrow views.
type HttpErrors = {
  notFound(message?: string): Error & { statusCode: number }
  createError(status: number, message: string): Error & { statusCode: number }
}
type SensibleReply = { notFound(message?: string): unknown; badRequest(message?: string): unknown }
type SensibleApp = {
  httpErrors: HttpErrors
  assert(condition: unknown, status: number, message: string): void
  to<T>(promise: Promise<T>): Promise<[Error | null, T | undefined]>
}

async function build() {
  const app = arbor()
  await app.register(sensible)
  return app
}

test('@fastify/sensible: reply.notFound() and reply.badRequest() send the matching errors', async (t) => {
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

test('@fastify/sensible: a thrown app.httpErrors error keeps its status code', async (t) => {
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

test('@fastify/sensible: app.assert throws an http error, app.to wraps a promise', async (t) => {
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

test('@fastify/sensible: reply.vary adds to the vary header, request.is checks the content type', async (t) => {
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
