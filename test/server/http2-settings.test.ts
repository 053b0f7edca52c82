// The HTTP/2 server is built with the app's `http` options and advertises a stream limit by
// default (issue 41); streams over the limit that a client sent before it knew the limit are
// refused one by one (RST_STREAM REFUSED_STREAM, RFC 9113 5.1.2) while the rest are answered.
import assert from 'node:assert/strict'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { h2Body } from '../helpers/h2-client.ts'
import { FRAME, getRequest, RawH2Client } from '../helpers/h2-frames.ts'
import { selfSigned } from '../helpers/self-signed.ts'

async function h2App(t: import('node:test').TestContext, options: object = {}) {
  const app = arbor({ http2: true, ...options })
  app.get('/', async () => 'ok')
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100))
    return 'slow'
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => app.close())
  return (app.server.address() as AddressInfo).port
}

async function remoteSettings(t: import('node:test').TestContext, options: object) {
  const port = await h2App(t, options)
  const client = http2.connect(`http://127.0.0.1:${port}`)
  t.after(() => client.close())
  return new Promise<http2.Settings>((resolve) => client.once('remoteSettings', resolve))
}

test('the server advertises at most 100 concurrent streams by default', async (t) => {
  assert.equal((await remoteSettings(t, {})).maxConcurrentStreams, 100)
})

test('the http option reaches the HTTP/2 server: its settings are what the client is told', async (t) => {
  const settings = await remoteSettings(t, {
    http: { settings: { maxConcurrentStreams: 7, maxHeaderListSize: 8192 } },
  })
  assert.equal(settings.maxConcurrentStreams, 7)
  assert.equal(settings.maxHeaderListSize, 8192)
})

test('http2Limits.maxConcurrentStreams sets the advertised limit; false leaves node its own', async (t) => {
  const limited = await remoteSettings(t, { http2Limits: { maxConcurrentStreams: 250 } })
  assert.equal(limited.maxConcurrentStreams, 250)
  const unlimited = await remoteSettings(t, { http2Limits: false })
  assert.equal(unlimited.maxConcurrentStreams, 4294967295)
})

const tls = selfSigned()

test('with TLS the https options reach http2.createSecureServer, with the default stream limit', {
  skip: tls === undefined && 'no openssl to make a certificate',
}, async (t) => {
  const app = arbor({
    http2: true,
    https: { ...(tls as { key: Buffer; cert: Buffer }), settings: { maxHeaderListSize: 4096 } },
  })
  app.get('/', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => app.close())
  const port = (app.server.address() as AddressInfo).port
  const client = http2.connect(`https://127.0.0.1:${port}`, { rejectUnauthorized: false })
  t.after(() => client.close())
  const settings = await new Promise<http2.Settings>((resolve) =>
    client.once('remoteSettings', resolve),
  )
  assert.equal(settings.maxConcurrentStreams, 100)
  assert.equal(settings.maxHeaderListSize, 4096)
})

test('http2Limits refuses what is no limit', () => {
  for (const http2Limits of [{ maxPingsPerSecond: -1 }, { closeTimeout: '1s' }, { nope: 1 }, 3]) {
    assert.throws(() => arbor({ http2: true, http2Limits } as never), {
      code: 'FST_ERR_INIT_OPTS_INVALID',
    })
  }
})

test('streams over the limit sent before the client knew it are refused one by one; the others are answered and the connection lives on', async (t) => {
  const port = await h2App(t, { http2Limits: { maxConcurrentStreams: 5 } })
  const client = await RawH2Client.connect(port)
  t.after(() => client.destroy())
  // ten requests in the client's first flight, before the server's SETTINGS can have arrived
  const requests: Buffer[] = []
  for (let i = 0; i < 10; i++) requests.push(getRequest(1 + 2 * i, '/slow'))
  client.write(Buffer.concat(requests))
  const ended = (id: number) =>
    client.frames.some((f) => f.streamId === id && (f.flags & 1) === 1 && f.type === FRAME.DATA)
  const refused = () =>
    client
      .of(FRAME.RST_STREAM)
      .filter((f) => f.payload.readUInt32BE(0) === http2.constants.NGHTTP2_REFUSED_STREAM)
      .map((f) => f.streamId)
  assert.ok(await client.until(() => [1, 3, 5, 7, 9].every(ended), 2000), 'in-limit streams')
  assert.deepEqual(refused(), [11, 13, 15, 17, 19])
  // the connection is still usable: a request sent now, within the limit, is answered
  client.write(getRequest(21, '/'))
  assert.ok(await client.until(() => ended(21), 1000), 'the next request was not answered')
  assert.equal(client.of(FRAME.GOAWAY).length, 0)
})

test('normal h2c requests still pass, many at once within the limit', async (t) => {
  const port = await h2App(t)
  const client = http2.connect(`http://127.0.0.1:${port}`)
  t.after(() => client.close())
  const bodies = await Promise.all(Array.from({ length: 300 }, () => h2Body(client, '/')))
  assert.ok(bodies.every((body) => body === 'ok'))
})
