// close() ends HTTP/2 sessions (issue 41): node 20's server.close() waits for every session and
// nothing ended them, so a client that never read a large reply held close() for ever.
import assert from 'node:assert/strict'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { h2Body } from '../helpers/h2-client.ts'

const large = Buffer.alloc(8 * 1024 * 1024, 'a')

async function h2App(options: object = {}) {
  const app = arbor({ http2: true, ...options })
  app.get('/', async () => 'ok')
  app.get('/large', async (_request, reply) => {
    reply.header('content-type', 'application/octet-stream')
    return large
  })
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200))
    return 'slow'
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const client = http2.connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
  client.on('error', () => {})
  return { app, client }
}

/** A request whose reply the client never reads; resolves once the reply has started. */
function stalled(client: http2.ClientHttp2Session) {
  return new Promise<void>((resolve) => {
    const req = client.request({ ':path': '/large' })
    req.on('error', () => {})
    req.on('response', () => {
      req.pause()
      resolve()
    })
    req.end()
  })
}

async function timedClose(app: { close(): Promise<void> }, bound: number) {
  const started = Date.now()
  const closed = await Promise.race([
    app.close().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), bound).unref()),
  ])
  return { closed, ms: Date.now() - started }
}

test('close() with a client that never reads a large reply ends within http2Limits.closeTimeout', async (t) => {
  const { app, client } = await h2App({ http2Limits: { closeTimeout: 300 } })
  t.after(() => client.destroy())
  await stalled(client)
  const { closed, ms } = await timedClose(app, 3000)
  assert.ok(closed, 'close() had not resolved after 3 s')
  assert.ok(ms >= 250 && ms < 1500, `closed after ${ms} ms`)
})

test('close() with forceCloseConnections: true destroys a busy session at once', async (t) => {
  const { app, client } = await h2App({ forceCloseConnections: true })
  t.after(() => client.destroy())
  await stalled(client)
  const { closed, ms } = await timedClose(app, 3000)
  assert.ok(closed, 'close() had not resolved after 3 s')
  assert.ok(ms < 250, `closed after ${ms} ms`)
})

test('close() ends an idle session at once, and the client is told GOAWAY', async (t) => {
  const { app, client } = await h2App()
  t.after(() => client.destroy())
  const goaway = new Promise<number>((resolve) => client.once('goaway', resolve))
  await new Promise<void>((resolve) => {
    const req = client.request({ ':path': '/' })
    req.resume()
    req.on('end', resolve)
    req.end()
  })
  const { closed, ms } = await timedClose(app, 3000)
  assert.ok(closed && ms < 250, `closed: ${closed} after ${ms} ms`)
  assert.equal(await goaway, http2.constants.NGHTTP2_NO_ERROR)
})

test('close() lets a request in flight finish within the bound, its reply whole', async (t) => {
  const { app, client } = await h2App()
  t.after(() => client.destroy())
  const reply = h2Body(client, '/slow')
  await new Promise((resolve) => setTimeout(resolve, 50))
  const { closed } = await timedClose(app, 3000)
  assert.ok(closed)
  assert.equal(await reply, 'slow')
})
