// @fastify/compress cases shared by its Fastify 4 major (7) and its Fastify 5 major (9): replies
// compressed in its onSend hook by Accept-Encoding, reply.compress(), and request bodies
// decompressed in its preParsing hook; over HTTP the encoded bodies decode to what the handler
// sent.
import assert from 'node:assert/strict'
import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib'
import { listenLocal } from '../../helpers/http.ts'
import type { App, PluginCase } from './plugin-case.ts'

export const big = {
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item number ${i}` })),
}

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

/** POSTs a JSON `payload` in `encoding` to /echo through inject. */
function postEcho(app: App, encoding: string, payload: string | Buffer) {
  return app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    payload,
  })
}

export interface CompressCase extends PluginCase {
  /** compress 7 also reads the route's config.compress; compress 9 dropped it for the option. */
  readsConfigCompress: boolean
}

export function compressCases({
  plugin,
  app: makeApp,
  label,
  readsConfigCompress,
}: CompressCase): void {
  async function build() {
    const app = makeApp()
    await app.register(plugin, { threshold: 1024 })
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

  test(`${label}: a large JSON reply is gzip-, brotli- or deflate-encoded as the client asks`, async (t) => {
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

    const deflate = await app.inject({ url: '/big', headers: { 'accept-encoding': 'deflate' } })
    assert.equal(deflate.headers['content-encoding'], 'deflate')
    assert.deepEqual(JSON.parse(inflateSync(deflate.rawPayload).toString()), big)
  })

  test(`${label}: a reply under the threshold or without accept-encoding is left plain`, async (t) => {
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
  test(`${label}: a gzip request body is decompressed before parsing`, {
    timeout: 10_000, // a hang guard only
  }, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await postEcho(app, 'gzip', gzipSync(JSON.stringify({ hello: 'world' })))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { hello: 'world' })
  })

  test(`${label}: a request body in an unknown or broken encoding is a 415 or a 400`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const unknown = await postEcho(app, 'compress-me-not', '{}')
    assert.equal(unknown.statusCode, 415)
    assert.equal(unknown.json().code, 'FST_CP_ERR_INVALID_CONTENT_ENCODING')
    const broken = await postEcho(app, 'gzip', 'not gzip at all')
    assert.equal(broken.statusCode, 400)
    assert.equal(broken.json().code, 'FST_CP_ERR_INVALID_CONTENT')
  })

  test(`${label}: the compress route option false leaves a route plain; config.compress as the major reads it`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { threshold: 1024 })
    // `compress` is a route option the plugin adds to Fastify's types; arbor's route options
    // take it through this view.
    app.get('/option', { compress: false } as Record<string, unknown>, async () => big)
    app.get('/config', { config: { compress: false } }, async () => big)
    const option = await app.inject({ url: '/option', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(option.headers['content-encoding'], undefined)
    assert.deepEqual(option.json(), big)
    const config = await app.inject({ url: '/config', headers: { 'accept-encoding': 'gzip' } })
    if (readsConfigCompress) {
      assert.equal(config.headers['content-encoding'], undefined)
      assert.deepEqual(config.json(), big)
    } else {
      assert.equal(config.headers['content-encoding'], 'gzip')
      assert.deepEqual(JSON.parse(gunzipSync(config.rawPayload).toString()), big)
    }
  })

  test(`${label}: over real HTTP, replies (streams and reply.compress() included) decode, a gzip body is read`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)

    const json = await request(port, { path: '/big', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(json.headers['content-encoding'], 'gzip')
    assert.deepEqual(JSON.parse(gunzipSync(json.body).toString()), big)

    // A stream has no length to compare with the threshold: it is compressed.
    const stream = await request(port, { path: '/stream', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(stream.headers['content-encoding'], 'gzip')
    assert.equal(gunzipSync(stream.body).toString(), 'streamed text')
    const brStream = await request(port, { path: '/stream', headers: { 'accept-encoding': 'br' } })
    assert.equal(brStream.headers['content-encoding'], 'br')
    assert.equal(brotliDecompressSync(brStream.body).toString(), 'streamed text')

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

  // The decompressor is piped from the request and destroys it when it fails: still a 400, as
  // in Fastify, and not a client that went away (which would leave the client without answer).
  test(`${label}: over real HTTP, a body that is not gzip is a 400 FST_CP_ERR_INVALID_CONTENT`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' }
    const truncated = gzipSync(JSON.stringify(big)).subarray(0, 40)
    for (const body of [Buffer.from('not gzip at all'), truncated]) {
      const res = await request(port, { method: 'POST', path: '/echo', headers }, body)
      assert.deepEqual(JSON.parse(res.body.toString()), {
        statusCode: 400,
        code: 'FST_CP_ERR_INVALID_CONTENT',
        error: 'Bad Request',
        message: 'Could not decompress the request payload using the provided encoding',
      })
    }
  })
}
