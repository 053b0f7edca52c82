// @fastify/compress 7 on arbor: replies compressed in its onSend hook by Accept-Encoding,
// and request bodies decompressed in its preParsing hook.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import compress from '@fastify/compress'
import arbor from '../../src/index.ts'

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

// Observed on arbor: the request never completes. compress's preParsing hook returns a zlib
// stream it has explicitly paused; Fastify's body reader calls payload.resume() after adding
// its listeners, arbor's (src/content/body-reader.ts parseBody) does not, so no data flows.
test('@fastify/compress: a gzip request body is decompressed before parsing', {
  todo: 'needs arbor to resume() the stream a preParsing hook returns',
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
