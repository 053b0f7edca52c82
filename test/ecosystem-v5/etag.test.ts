// @fastify/etag 6 (the Fastify 5 major) on arbor, in both lines: an ETag computed in its onSend
// hook from the serialized payload, 304 for a matching If-None-Match, a handler's own etag kept.
import assert from 'node:assert/strict'
import { get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import etag from '@fastify/etag-v5'
import { lines, overHttp } from './lines.ts'

// node:http rather than fetch, which adds cache-control: no-cache to a conditional request.
function rawGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    }).on('error', reject)
  })
}

for (const line of lines) {
  async function build(options: Record<string, unknown> = {}) {
    const app = line.app()
    await app.register(etag, options)
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

  test(`@fastify/etag 6 (${line.name}): over HTTP a reply gets an etag, a matching If-None-Match 304`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const port = (app.server.address() as AddressInfo).port
    const first = await request('/doc')
    assert.deepEqual(await first.json(), { id: 1, title: 'the same every time' })
    const tag = first.headers.get('etag')
    assert.match(String(tag), /^"[^"]+"$/)
    const again = await request('/doc')
    await again.arrayBuffer()
    assert.equal(again.headers.get('etag'), tag, 'the same payload gets the same etag')
    const cached = await rawGet(port, '/doc', { 'if-none-match': String(tag) })
    assert.equal(cached.status, 304)
    assert.equal(cached.body, '')
  })

  test(`@fastify/etag 6 (${line.name}): a changed payload gets a new etag, a handler's etag is kept`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const v1 = await app.inject({ url: '/versioned?v=1' })
    const v2 = await app.inject({
      url: '/versioned?v=2',
      headers: { 'if-none-match': String(v1.headers.etag) },
    })
    assert.equal(v2.statusCode, 200)
    assert.notEqual(v2.headers.etag, v1.headers.etag)
    const own = await app.inject({ url: '/own' })
    assert.equal(own.headers.etag, '"handmade"')
    const ownCached = await app.inject({ url: '/own', headers: { 'if-none-match': '"handmade"' } })
    assert.equal(ownCached.statusCode, 304)
  })

  test(`@fastify/etag 6 (${line.name}): weak: true makes weak etags`, async (t) => {
    const app = await build({ weak: true })
    t.after(() => app.close())
    const res = await app.inject({ url: '/doc' })
    assert.match(String(res.headers.etag), /^W\/"[^"]+"$/)
  })
}
