// @fastify/etag 5 on arbor: an ETag computed in its onSend hook from the serialized payload,
// and 304 with an empty body for a matching If-None-Match.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import etag from '@fastify/etag'
import arbor from '../../src/index.ts'

async function build(options: Record<string, unknown> = {}) {
  const app = arbor()
  await app.register(etag, options)
  app.get('/doc', async () => ({ id: 1, title: 'the same every time' }))
  app.get<{ Querystring: { v: string } }>('/versioned', async (request) => ({ v: request.query.v }))
  app.get('/own', async (_request, reply) => {
    reply.header('etag', '"handmade"')
    return 'own etag'
  })
  return app
}

test('@fastify/etag: a reply gets an etag, and a matching If-None-Match gets 304 with no body', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const first = await app.inject({ method: 'GET', url: '/doc' })
  assert.equal(first.statusCode, 200)
  const tag = first.headers.etag
  assert.match(String(tag), /^"[^"]+"$/)
  const second = await app.inject({ method: 'GET', url: '/doc' })
  assert.equal(second.headers.etag, tag, 'the same payload gets the same etag')

  const cached = await app.inject({
    method: 'GET',
    url: '/doc',
    headers: { 'if-none-match': String(tag) },
  })
  assert.equal(cached.statusCode, 304)
  assert.equal(cached.body, '')
  assert.equal(cached.headers.etag, tag)
})

test('@fastify/etag: a changed payload gets a new etag and a stale If-None-Match gets 200', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const v1 = await app.inject({ method: 'GET', url: '/versioned?v=1' })
  const v2 = await app.inject({
    method: 'GET',
    url: '/versioned?v=2',
    headers: { 'if-none-match': String(v1.headers.etag) },
  })
  assert.equal(v2.statusCode, 200)
  assert.deepEqual(v2.json(), { v: '2' })
  assert.notEqual(v2.headers.etag, v1.headers.etag)
})

test("@fastify/etag: weak etags on request, and a handler's own etag is kept", async (t) => {
  const app = await build({ weak: true })
  t.after(() => app.close())
  const weak = await app.inject({ method: 'GET', url: '/doc' })
  assert.match(String(weak.headers.etag), /^W\/"[^"]+"$/)
  const own = await app.inject({ method: 'GET', url: '/own' })
  assert.equal(own.headers.etag, '"handmade"')
  const cached = await app.inject({
    method: 'GET',
    url: '/own',
    headers: { 'if-none-match': '"handmade"' },
  })
  assert.equal(cached.statusCode, 304)
})
