// http2SessionTimeout (Fastify's option, default 72 s): an HTTP/2 session that moves no byte for
// the timeout is closed, GOAWAY first and its open streams finished. arbor keeps it with one
// sweep per server instead of a timer per session (issue 41): the sessions carry no timer, and a
// session whose client has gone is released at once, where node's session timer (20 to 26) held it
// until it fired.
import assert from 'node:assert/strict'
import { once } from 'node:events'
import http2 from 'node:http2'
import { type TestContext, test } from 'node:test'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import arbor, { type ArborInstance, type ArborOptions } from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { selfSigned } from '../helpers/self-signed.ts'

const BOUND = { timeout: 10_000 }

async function answered(client: http2.ClientHttp2Session, path = '/'): Promise<string> {
  const stream = client.request({ ':path': path })
  stream.setEncoding('utf8')
  let body = ''
  stream.on('data', (chunk: string) => (body += chunk))
  await once(stream, 'end')
  return body
}

/** An HTTP/2 app answering `GET /` with `{ hello: 'world' }`, listening; closed after the test. */
async function helloApp(
  t: TestContext,
  options: ArborOptions,
): Promise<{ app: ArborInstance; port: number }> {
  const app = arbor({ http2: true, ...options })
  app.get('/', async () => ({ hello: 'world' }))
  t.after(() => app.close())
  return { app, port: await listenLocal(app) }
}

function connect(port: number): http2.ClientHttp2Session {
  const client = http2.connect(`http://127.0.0.1:${port}`)
  client.on('error', () => {})
  return client
}

test(
  'http2SessionTimeout: idle sessions get GOAWAY after the timeout, within a quarter more, and carry no timer of their own',
  BOUND,
  async (t) => {
    const { app, port } = await helloApp(t, { http2SessionTimeout: 400 })
    const sessions: http2.ServerHttp2Session[] = []
    const timedOut: number[] = []
    app.server.on('session', (session: http2.ServerHttp2Session) => {
      sessions.push(session)
      session.on('timeout', () => timedOut.push(Date.now()))
    })
    const clients = [connect(port), connect(port)]
    for (const client of clients) assert.equal(await answered(client), '{"hello":"world"}')
    const idleFrom = Date.now()
    // only the test's own listener: no per-session timer or 'timeout' listener of arbor's
    assert.deepEqual(
      sessions.map((session) => session.listenerCount('timeout')),
      [1, 1],
    )
    const goaways = clients.map((client) => once(client, 'goaway'))
    await Promise.all(clients.map((client) => once(client, 'close')))
    await Promise.all(goaways)
    assert.equal(timedOut.length, 2)
    for (const at of timedOut) {
      assert.ok(at - idleFrom >= 400 - 50, `closed ${at - idleFrom} ms after going idle`)
      assert.ok(at - idleFrom < 400 * 1.25 + 150, `closed ${at - idleFrom} ms after going idle`)
    }
  },
)

test(
  'http2SessionTimeout: a session whose client keeps pinging is not idle; once it stops, it is closed',
  BOUND,
  async (t) => {
    const { port } = await helloApp(t, { http2SessionTimeout: 300 })
    const client = connect(port)
    await answered(client)
    let closed = false
    client.on('close', () => (closed = true))
    // a PING every 100 ms for 900 ms: three timeouts' worth
    for (let i = 0; i < 9; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      await new Promise<void>((resolve, reject) =>
        client.ping((err) => (err ? reject(err) : resolve())),
      )
    }
    assert.equal(closed, false, 'the session lived while it moved bytes')
    assert.equal(await answered(client), '{"hello":"world"}')
    await once(client, 'close')
  },
)

test(
  'http2SessionTimeout: a stream still being answered when the session goes idle is answered, then the session closes',
  BOUND,
  async (t) => {
    const app = arbor({ http2: true, http2SessionTimeout: 200 })
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 600))
      return { late: true }
    })
    t.after(() => app.close())
    const port = await listenLocal(app)
    const client = connect(port)
    const goaway = once(client, 'goaway')
    assert.equal(await answered(client, '/slow'), '{"late":true}')
    await goaway
    await once(client, 'close')
  },
)

const tls = selfSigned()

test('http2SessionTimeout with TLS: an idle session is closed as on h2c', {
  ...BOUND,
  skip: tls === undefined && 'no openssl to make a certificate',
}, async (t) => {
  const { port } = await helloApp(t, { https: tls, http2SessionTimeout: 300 })
  const client = http2.connect(`https://127.0.0.1:${port}`, { rejectUnauthorized: false })
  client.on('error', () => {})
  assert.equal(await answered(client), '{"hello":"world"}')
  const idleFrom = Date.now()
  await once(client, 'goaway')
  await once(client, 'close')
  assert.ok(Date.now() - idleFrom >= 250, `closed ${Date.now() - idleFrom} ms after going idle`)
})

test('http2SessionTimeout: 0 leaves idle sessions open, as Fastify does', BOUND, async (t) => {
  const { port } = await helloApp(t, { http2SessionTimeout: 0 })
  const client = connect(port)
  t.after(() => client.destroy())
  await answered(client)
  await new Promise((resolve) => setTimeout(resolve, 300))
  assert.equal(client.closed, false)
  assert.equal(await answered(client), '{"hello":"world"}')
})

test(
  'a session whose client has gone is released at once, not held until its timeout (issue 41)',
  BOUND,
  async (t) => {
    const { app, port } = await helloApp(t, {})
    let session: WeakRef<http2.ServerHttp2Session> | undefined
    app.server.on('session', (s: http2.ServerHttp2Session) => (session = new WeakRef(s)))
    const client = connect(port)
    await answered(client)
    // the server's side closes: waited for without a strong reference held past it
    const gone = closeOf(session)
    client.close()
    await gone
    await collectGarbage()
    assert.equal(session?.deref(), undefined, 'the closed session was collected')
  },
)

function closeOf(session: WeakRef<http2.ServerHttp2Session> | undefined): Promise<unknown> {
  const serverSide = session?.deref()
  assert.ok(serverSide)
  return once(serverSide, 'close')
}

/** A few full collections, through a `gc` taken from a context made for it. */
async function collectGarbage(): Promise<void> {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  setFlagsFromString('--no-expose-gc')
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setImmediate(resolve))
    gc()
  }
}
