// @fastify/etag cases shared by its Fastify 4 major (5) and its Fastify 5 major (6): an ETag
// computed in its onSend hook from the serialized payload, 304 with an empty body for a matching
// If-None-Match, and a handler's own etag kept.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'
import { rawGet } from './raw-get.ts'

export function etagCases({ plugin, app: makeApp, label }: PluginCase): void {
  async function build(options: Record<string, unknown> = {}) {
    const app = makeApp()
    await app.register(plugin, options)
    app.get('/doc', async () => ({ id: 1, title: 'the same every time' }))
    app.get<{ Querystring: { v: string } }>('/versioned', async (request) => ({
      v: request.query.v,
    }))
    app.get('/own', async (_request, reply) => {
      reply.header('etag', '"handmade"')
      return 'own etag'
    })
    return app
  }

  test(`${label}: a reply gets an etag, and a matching If-None-Match gets 304 with no body`, async (t) => {
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

  test(`${label}: over real HTTP a reply gets an etag, a matching If-None-Match 304`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const first = await fetch(`http://127.0.0.1:${port}/doc`)
    assert.deepEqual(await first.json(), { id: 1, title: 'the same every time' })
    const tag = first.headers.get('etag')
    assert.match(String(tag), /^"[^"]+"$/)
    const again = await fetch(`http://127.0.0.1:${port}/doc`)
    await again.arrayBuffer()
    assert.equal(again.headers.get('etag'), tag, 'the same payload gets the same etag')
    const cached = await rawGet(port, '/doc', { 'if-none-match': String(tag) })
    assert.equal(cached.status, 304)
    assert.equal(cached.body, '')
  })

  test(`${label}: a changed payload gets a new etag and a stale If-None-Match gets 200`, async (t) => {
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

  test(`${label}: weak etags on request, and a handler's own etag is kept`, async (t) => {
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

  test(`${label}: without weak, a handler's own etag is kept and matched`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const own = await app.inject({ url: '/own' })
    assert.equal(own.headers.etag, '"handmade"')
    const ownCached = await app.inject({ url: '/own', headers: { 'if-none-match': '"handmade"' } })
    assert.equal(ownCached.statusCode, 304)
  })
}
