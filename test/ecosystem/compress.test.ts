// @fastify/compress 7 on arbor: replies compressed in its onSend hook by Accept-Encoding,
// and request bodies decompressed in its preParsing hook.
import assert from 'node:assert/strict'
import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import compress from '@fastify/compress'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item number ${i}` })) }

async function build() {
  const app = arbor()
  await app.register(compress, { threshold: 1024 })
  app.get('/big', async () => big)
  app.get('/small', async () => ({ small: true }))
  app.post('/echo', async (request) => request.body)
  return app
}

test('@fastify/compress: a large JSON reply is gzip- or brotli-encoded as the client asks', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } })
  assert.equal(gzip.statusCode, 200)
  assert.equal(gzip.headers['content-encoding'], 'gzip')
  assert.equal(gzip.headers.vary, 'accept-encoding')
  assert.deepEqual(JSON.parse(gunzipSync(gzip.rawPayload).toString()), big)

  const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } })
  assert.equal(br.headers['content-encoding'], 'br')
  assert.deepEqual(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), big)
})

test('@fastify/compress: a reply under the threshold or without accept-encoding is left plain', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } })
  assert.equal(small.headers['content-encoding'], undefined)
  assert.deepEqual(small.json(), { small: true })
  const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } })
  assert.equal(plain.headers['content-encoding'], undefined)
  assert.deepEqual(plain.json(), big)
})

// The plugin's preParsing hook returns a zlib stream it has paused; the body reader resumes it.
test('@fastify/compress: a gzip request body is decompressed before parsing', {
  timeout: 10_000, // a hang guard only
}, async (t) => {
  const app = await build()
  t.after(() => app.close())
  const res = await app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    payload: gzipSync(JSON.stringify({ hello: 'world' })),
  })
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json(), { hello: 'world' })
})

test('@fastify/compress: a request body in an unknown or broken encoding is a 415 or a 400', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const unknown = await app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': 'application/json', 'content-encoding': 'compress-me-not' },
    payload: '{}',
  })
  assert.equal(unknown.statusCode, 415)
  assert.equal(unknown.json().code, 'FST_CP_ERR_INVALID_CONTENT_ENCODING')
  const broken = await app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    payload: 'not gzip at all',
  })
  assert.equal(broken.statusCode, 400)
  assert.equal(broken.json().code, 'FST_CP_ERR_INVALID_CONTENT')
})

test('@fastify/compress: the compress route option (or config.compress) false leaves a route plain', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(compress, { threshold: 1024 })
  // `compress` is a route option the plugin adds to Fastify's types; arbor's route options
  // take it through this view.
  app.get('/option', { compress: false } as Record<string, unknown>, async () => big)
  app.get('/config', { config: { compress: false } }, async () => big)
  for (const url of ['/option', '/config']) {
    const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    assert.equal(res.headers['content-encoding'], undefined, url)
    assert.deepEqual(res.json(), big, url)
  }
})

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

test('@fastify/compress: over real HTTP, replies (a stream included) are gzipped and a gzip body is read', async (t) => {
  const app = await build()
  t.after(() => app.close())
  app.get('/stream', async (_request, reply) => {
    reply.type('text/plain')
    return Readable.from(['streamed ', 'text'])
  })
  const port = await listenLocal(app)

  const json = await request(port, { path: '/big', headers: { 'accept-encoding': 'gzip' } })
  assert.equal(json.headers['content-encoding'], 'gzip')
  assert.deepEqual(JSON.parse(gunzipSync(json.body).toString()), big)

  // A stream has no length to compare with the threshold: it is compressed.
  const stream = await request(port, { path: '/stream', headers: { 'accept-encoding': 'gzip' } })
  assert.equal(stream.headers['content-encoding'], 'gzip')
  assert.equal(gunzipSync(stream.body).toString(), 'streamed text')

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
