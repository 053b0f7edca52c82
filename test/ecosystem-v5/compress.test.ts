// @fastify/compress 9 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/compress.test.ts), are in ../ecosystem/cases/compress.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { gunzipSync } from 'node:zlib'
import compress from '@fastify/compress-v5'
import { compressCases } from '../ecosystem/cases/compress.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  const label = `@fastify/compress 9 (${line.name})`
  // compress 9 dropped the route's config.compress: only the compress route option counts.
  compressCases({ plugin: compress, app: line.app, label, readsConfigCompress: false })

  // Only compress 9 unwraps a fetch Response and a web ReadableStream itself (compress 7 does
  // not know them), but the same routes without accept-encoding reach arbor's send path with
  // those payloads.
  test(`${label}: a web ReadableStream or fetch Response reply is sent, compressed or not`, async (t) => {
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
