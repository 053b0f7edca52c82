// Large replies over HTTP/2 are written a slice at a time: a 32 MB body written at once was
// held by the session past node's maxSessionMemory, so after the client cancelled it nghttp2
// refused the session's next stream (NGHTTP2_ENHANCE_YOUR_CALM).
import assert from 'node:assert/strict'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

const large = Buffer.alloc(32 * 1024 * 1024, 'a')

async function h2App(t: import('node:test').TestContext) {
  const app = arbor({ http2: true })
  app.get('/large', async (_request, reply) => {
    reply.header('content-type', 'application/octet-stream')
    return large
  })
  app.get('/text', async (_request, reply) => {
    reply.type('text/plain')
    return 'é'.repeat(100_000)
  })
  app.get('/small', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const client = http2.connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
  t.after(async () => {
    client.close()
    await app.close()
  })
  return client
}

function get(client: http2.ClientHttp2Session, path: string) {
  return new Promise<{ body: Buffer; headers: http2.IncomingHttpHeaders }>((resolve, reject) => {
    const stream = client.request({ ':path': path })
    const chunks: Buffer[] = []
    let headers: http2.IncomingHttpHeaders = {}
    stream.on('response', (h) => {
      headers = h
    })
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => resolve({ body: Buffer.concat(chunks), headers }))
    stream.on('error', reject)
    stream.end()
  })
}

test('HTTP/2: a client that cancels a large reply can still use the session', async (t) => {
  const client = await h2App(t)
  const result = await new Promise<string>((resolve, reject) => {
    const stream = client.request({ ':path': '/large' })
    stream.on('error', () => {})
    stream.on('response', () => {
      stream.pause()
      setTimeout(() => stream.close(http2.constants.NGHTTP2_CANCEL), 100)
      setTimeout(() => {
        get(client, '/small').then((res) => resolve(res.body.toString()), reject)
      }, 200)
    })
    stream.end()
  })
  assert.equal(result, 'ok')
})

test('HTTP/2: large buffer and string replies arrive whole', async (t) => {
  const client = await h2App(t)
  const big = await get(client, '/large')
  assert.equal(big.body.length, large.length)
  assert.equal(big.headers['content-length'], String(large.length))
  assert.ok(big.body.equals(large))
  const text = await get(client, '/text')
  assert.equal(text.body.toString('utf8'), 'é'.repeat(100_000))
})
