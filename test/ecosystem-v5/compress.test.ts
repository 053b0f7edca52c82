// @fastify/compress 9 (the Fastify 5 major) on arbor, in both lines: replies compressed in its
// onSend hook by Accept-Encoding, reply.compress(), and request bodies decompressed in its
// preParsing hook; over HTTP the encoded bodies decode to what the handler sent.
import assert from 'node:assert/strict'
import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib'
import compress from '@fastify/compress-v5'
import { listenLocal } from '../helpers/http.ts'
import { lines } from './lines.ts'

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item number ${i}` })) }

// node:http rather than fetch, which would decode the body on its own.
function request(port: number, options: RequestOptions, body?: Buffer) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, ...options }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

for (const line of lines) {
  async function build() {
    const app = line.app()
    await app.register(compress, { threshold: 1024 })
    app.get('/big', async () => big)
    app.get('/small', async () => ({ small: true }))
    app.post('/echo', async (request) => request.body)
    app.get('/stream', async (_request, reply) => {
      reply.type('text/plain')
      return Readable.from(['streamed ', 'text'])
    })
    // reply.compress is typed on FastifyReply; on arbor it is a plain reply decorator.
    app.get('/manual', (_request, reply) => {
      reply.type('text/plain')
      ;(reply as unknown as { compress(payload: string): void }).compress('x'.repeat(4096))
    })
    return app
  }

  test(`@fastify/compress 9 (${line.name}): a large reply is gzip-, brotli- or deflate-encoded as asked`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(gzip.headers['content-encoding'], 'gzip')
    assert.equal(gzip.headers.vary, 'accept-encoding')
    assert.deepEqual(JSON.parse(gunzipSync(gzip.rawPayload).toString()), big)
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } })
    assert.equal(br.headers['content-encoding'], 'br')
    assert.deepEqual(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), big)
    const deflate = await app.inject({ url: '/big', headers: { 'accept-encoding': 'deflate' } })
    assert.equal(deflate.headers['content-encoding'], 'deflate')
    assert.deepEqual(JSON.parse(inflateSync(deflate.rawPayload).toString()), big)
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(small.headers['content-encoding'], undefined)
    assert.deepEqual(small.json(), { small: true })
  })

  test(`@fastify/compress 9 (${line.name}): a request body in gzip is read, in an unknown encoding 415`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ hello: 'world' })),
    })
    assert.deepEqual(res.json(), { hello: 'world' })
    const unknown = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress-me-not' },
      payload: '{}',
    })
    assert.equal(unknown.statusCode, 415)
    assert.equal(unknown.json().code, 'FST_CP_ERR_INVALID_CONTENT_ENCODING')
  })

  test(`@fastify/compress 9 (${line.name}): over HTTP replies, streams and reply.compress() decode, a gzip body is read`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const json = await request(port, { path: '/big', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(json.headers['content-encoding'], 'gzip')
    assert.deepEqual(JSON.parse(gunzipSync(json.body).toString()), big)
    // A stream has no length to compare with the threshold: it is compressed.
    const stream = await request(port, { path: '/stream', headers: { 'accept-encoding': 'br' } })
    assert.equal(stream.headers['content-encoding'], 'br')
    assert.equal(brotliDecompressSync(stream.body).toString(), 'streamed text')
    const manual = await request(port, { path: '/manual', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(manual.headers['content-encoding'], 'gzip')
    assert.equal(gunzipSync(manual.body).toString(), 'x'.repeat(4096))
    const echo = await request(
      port,
      {
        method: 'POST',
        path: '/echo',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      },
      gzipSync(JSON.stringify({ over: 'http' })),
    )
    assert.deepEqual(JSON.parse(echo.body.toString()), { over: 'http' })
  })

  test(`@fastify/compress 9 (${line.name}): the compress route option false leaves a route plain`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(compress, { threshold: 1024 })
    // `compress` is a route option the plugin adds to Fastify's route types.
    app.get('/option', { compress: false } as Record<string, unknown>, async () => big)
    const res = await app.inject({ url: '/option', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(res.headers['content-encoding'], undefined)
    assert.deepEqual(res.json(), big)
  })

  // compress 9 unwraps a fetch Response and a web ReadableStream itself, but the same routes
  // without accept-encoding reach arbor's send path with those payloads.
  test(`@fastify/compress 9 (${line.name}): a web ReadableStream or fetch Response reply is sent, compressed or not`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(compress, { threshold: 1 })
    app.get('/web', async (_request, reply) => {
      reply.type('text/plain')
      return new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('web stream'))
          controller.close()
        },
      })
    })
    app.get('/response', async () => new Response('fetch response', { headers: { 'x-from': 'r' } }))
    const web = await app.inject({ url: '/web', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(gunzipSync(web.rawPayload).toString(), 'web stream')
    assert.equal((await app.inject({ url: '/web' })).body, 'web stream')
    const response = await app.inject({ url: '/response', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(response.headers['x-from'], 'r')
    assert.equal(gunzipSync(response.rawPayload).toString(), 'fetch response')
    assert.equal((await app.inject({ url: '/response' })).body, 'fetch response')
  })
}
