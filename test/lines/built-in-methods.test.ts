// Line table row `builtInMethods` (docs/fastify-lines.md): the methods an app routes without
// addHttpMethod, and how their bodies are read. The Fastify 4 line keeps Fastify 4.25.2's
// list (the WebDAV methods included, their bodies unread) plus QUERY; the Fastify 5 line has
// Fastify 5's nine, TRACE without a body and DELETE and OPTIONS read like POST.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

const webDav = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'SEARCH']
const echo = async (request: { body?: unknown }) => ({
  body: request.body === undefined ? 'none' : request.body,
})

test('builtInMethods, Fastify 4 line: supportedMethods is Fastify 4.25 list plus QUERY', () => {
  assert.deepEqual(arbor({ fastifyLine: 4 }).supportedMethods, [
    'DELETE',
    'GET',
    'HEAD',
    'PATCH',
    'POST',
    'PUT',
    'OPTIONS',
    'PROPFIND',
    'PROPPATCH',
    'MKCOL',
    'COPY',
    'MOVE',
    'LOCK',
    'UNLOCK',
    'TRACE',
    'SEARCH',
    'REPORT',
    'MKCALENDAR',
    'QUERY',
  ])
})

test('builtInMethods, Fastify 5 line: supportedMethods is Fastify 5 nine', () => {
  assert.deepEqual(arbor({ fastifyLine: 5 }).supportedMethods, [
    'GET',
    'HEAD',
    'TRACE',
    'DELETE',
    'OPTIONS',
    'PATCH',
    'PUT',
    'POST',
    'QUERY',
  ])
})

test('builtInMethods, Fastify 4 line: WebDAV methods route without addHttpMethod', async (t) => {
  const app = arbor({ fastifyLine: 4 })
  t.after(() => app.close())
  for (const method of webDav) app.route({ method, url: '/dav', handler: async () => method })
  for (const method of webDav) {
    const res = await app.inject({ method: method as 'GET', url: '/dav' })
    assert.equal(res.body, method)
  }
})

test('builtInMethods, Fastify 5 line: a WebDAV method not added is FST_ERR_ROUTE_METHOD_NOT_SUPPORTED', () => {
  const app = arbor({ fastifyLine: 5 })
  for (const method of webDav) {
    assert.throws(
      () => app.route({ method, url: '/dav', handler: async () => method }),
      (err: { code: string; message: string }) =>
        err.code === 'FST_ERR_ROUTE_METHOD_NOT_SUPPORTED' &&
        err.message.startsWith(`${method} method is not supported`),
    )
  }
})

test('builtInMethods: TRACE bodies are parsed in the Fastify 4 line and ignored in the Fastify 5 line', async (t) => {
  for (const [line, body] of [
    [4, { a: 1 }],
    [5, 'none'],
  ] as const) {
    const app = arbor({ fastifyLine: line })
    t.after(() => app.close())
    app.route({ method: 'TRACE', url: '/', handler: echo })
    const res = await app.inject({ method: 'TRACE' as 'GET', url: '/', payload: { a: 1 } })
    assert.deepEqual(res.json(), { body }, `line ${line}`)
  }
})

test('builtInMethods: a TRACE body schema is accepted in the Fastify 4 line, refused in the Fastify 5 line', () => {
  const route = { method: 'TRACE', url: '/', schema: { body: { type: 'object' } }, handler: echo }
  assert.doesNotThrow(() => arbor({ fastifyLine: 4 }).route(route))
  assert.throws(() => arbor({ fastifyLine: 5 }).route(route), {
    code: 'FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED',
  })
})

test('builtInMethods: a DELETE body without a content type is ignored (4) or gets 415 (5)', async (t) => {
  for (const [line, status] of [
    [4, 200],
    [5, 415],
  ] as const) {
    const app = arbor({ fastifyLine: line })
    t.after(() => app.close())
    app.delete('/', echo)
    const res = await app.inject({ method: 'DELETE', url: '/', payload: 'hello' })
    assert.equal(res.statusCode, status, `line ${line}`)
    if (line === 5) assert.equal(res.json().code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
  }
})

test('builtInMethods: a DELETE naming a content type but announcing no body is unread (4) or parsed (5)', async (t) => {
  for (const line of [4, 5] as const) {
    const app = arbor({ fastifyLine: line })
    t.after(() => app.close())
    app.delete('/', echo)
    const res = await app.inject({
      method: 'DELETE',
      url: '/',
      headers: { 'content-type': 'application/json' },
    })
    if (line === 4) assert.deepEqual(res.json(), { body: 'none' })
    else assert.equal(res.json().code, 'FST_ERR_CTP_EMPTY_JSON_BODY')
  }
})

test('builtInMethods: DELETE and OPTIONS JSON bodies are parsed in both lines', async (t) => {
  for (const line of [4, 5] as const) {
    const app = arbor({ fastifyLine: line })
    t.after(() => app.close())
    app.route({ method: ['DELETE', 'OPTIONS'], url: '/', handler: echo })
    for (const method of ['DELETE', 'OPTIONS'] as const) {
      const res = await app.inject({ method, url: '/', payload: { a: 1 } })
      assert.deepEqual(res.json(), { body: { a: 1 } }, `${method}, line ${line}`)
    }
  }
})
