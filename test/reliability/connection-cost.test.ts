// What an idle connection costs (issue 41): servers hold tens of thousands of idle connections
// (keep-alive behind balancers, SSE, WebSockets), so arbor adds nothing of its own to each one
// where node keeps what it needs, and what it must add is shared between connections.
// `npm run bench:connections` measures the bytes; these tests hold the shape that gives them.
import assert from 'node:assert/strict'
import { once } from 'node:events'
import http from 'node:http'
import http2 from 'node:http2'
import { connect, type Socket } from 'node:net'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

const BOUND = { timeout: 10_000 }

/** Every event a socket has listeners for, with how many. */
function listenerShape(socket: Socket): Record<string, number> {
  return Object.fromEntries(
    socket.eventNames().map((name) => [String(name), socket.listenerCount(name)]),
  )
}

/** One answered request on a kept-alive connection, left open; resolves with the server's socket. */
async function idleConnection(port: number, taken: Promise<Socket>): Promise<Socket> {
  const client = connect(port, '127.0.0.1')
  client.setEncoding('latin1')
  let text = ''
  const answered = new Promise<void>((resolve) =>
    client.on('data', (chunk: string) => {
      text += chunk
      if (text.includes('\r\n\r\n') && text.endsWith('}')) resolve()
    }),
  )
  client.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
  await answered
  assert.match(text, /^HTTP\/1\.1 200/)
  return taken
}

test(
  'an idle kept-alive HTTP/1.1 connection carries the listeners node:http gives it and none of arbor (issue 41)',
  BOUND,
  async (t) => {
    let arborSocket: (socket: Socket) => void = () => {}
    const app = arbor()
    app.get('/', async (request) => {
      arborSocket(request.raw.socket)
      return { hello: 'world' }
    })
    t.after(() => app.close())
    const arborPort = await listenLocal(app)
    const arborTaken = new Promise<Socket>((resolve) => (arborSocket = resolve))

    let nodeSocket: (socket: Socket) => void = () => {}
    const bare = http.createServer((req, res) => {
      nodeSocket(req.socket)
      res.setHeader('content-type', 'application/json; charset=utf-8')
      res.end('{"hello":"world"}')
    })
    bare.keepAliveTimeout = 72_000
    bare.listen(0, '127.0.0.1')
    await once(bare, 'listening')
    t.after(() => {
      bare.closeAllConnections()
      bare.close()
    })
    const nodeTaken = new Promise<Socket>((resolve) => (nodeSocket = resolve))

    const [fromArbor, fromNode] = await Promise.all([
      idleConnection(arborPort, arborTaken),
      idleConnection((bare.address() as { port: number }).port, nodeTaken),
    ])
    // once idle: node's own timers and listeners are set again after the response
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(listenerShape(fromArbor), listenerShape(fromNode))
  },
)

test(
  "close() still sees every HTTP/1.1 connection through node:http's own list: an idle one and one that never sent a byte are closed at once (issue 41)",
  BOUND,
  async () => {
    const app = arbor()
    app.get('/', async () => ({ hello: 'world' }))
    const port = await listenLocal(app)
    const idle = connect(port, '127.0.0.1')
    idle.on('error', () => {})
    idle.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await once(idle, 'data')
    const silent = connect(port, '127.0.0.1')
    silent.on('error', () => {})
    await once(silent, 'connect')
    const closedAll = Promise.all([once(idle, 'close'), once(silent, 'close')])
    const started = Date.now()
    await app.close()
    await closedAll
    assert.ok(Date.now() - started < 5_000, 'closed without waiting for a timeout')
  },
)

test(
  "HTTP/2: an idle session carries node's listeners and arbor's two shared ones ('close', 'ping'), no timer: http2SessionTimeout is one sweep per server (issue 41)",
  BOUND,
  async (t) => {
    const app = arbor({ http2: true })
    app.get('/', async () => ({ hello: 'world' }))
    const sessions: http2.ServerHttp2Session[] = []
    app.server.on('session', (session: http2.ServerHttp2Session) => sessions.push(session))
    t.after(() => app.close())
    const arborPort = await listenLocal(app)

    const bare = http2.createServer((_req, res) => res.end('{"hello":"world"}'))
    let bareSession: http2.ServerHttp2Session | undefined
    bare.on('session', (session: http2.ServerHttp2Session) => (bareSession = session))
    bare.listen(0, '127.0.0.1')
    await once(bare, 'listening')
    const barePort = (bare.address() as { port: number }).port

    const clients = [arborPort, arborPort, barePort].map((port) =>
      http2.connect(`http://127.0.0.1:${port}`),
    )
    t.after(() => {
      for (const client of clients) client.destroy()
      bare.close()
    })
    for (const client of clients) {
      client.on('error', () => {})
      const stream = client.request({ ':path': '/' })
      stream.resume()
      await once(stream, 'end')
    }
    const shape = (session: http2.ServerHttp2Session) =>
      Object.fromEntries(
        session.eventNames().map((name) => [String(name), session.listenerCount(name)]),
      )
    assert.ok(bareSession)
    const fromNode = shape(bareSession)
    const [first, second] = sessions.map(shape)
    assert.deepEqual(first, { ...fromNode, close: 1, ping: 1 })
    // the same functions for every session: no closure each
    for (const name of ['close', 'ping']) {
      assert.equal(sessions[0]?.listeners(name)[0], sessions[1]?.listeners(name)[0])
    }
    assert.deepEqual(second, first)
  },
)

test(
  "HTTP/2 with forceCloseConnections true: close() destroys an idle session, tracked without node:http's list (issue 41)",
  BOUND,
  async () => {
    const app = arbor({ http2: true, forceCloseConnections: true })
    app.get('/', async () => ({ hello: 'world' }))
    const port = await listenLocal(app)
    const client = http2.connect(`http://127.0.0.1:${port}`)
    client.on('error', () => {})
    const stream = client.request({ ':path': '/' })
    stream.resume()
    await once(stream, 'end')
    const closed = once(client, 'close')
    await app.close()
    await closed
  },
)

test(
  "HTTP/2 (h2c): an idle session's socket carries the listeners node:http2 gives it and none of arbor: the session is what arbor tracks (issue 41)",
  BOUND,
  async (t) => {
    const app = arbor({ http2: true })
    app.get('/', async () => ({ hello: 'world' }))
    const fromArbor = new Promise<Socket>((resolve) => app.server.once('connection', resolve))
    t.after(() => app.close())
    const arborPort = await listenLocal(app)

    const bare = http2.createServer((_req, res) => res.end('{"hello":"world"}'))
    const fromNode = new Promise<Socket>((resolve) => bare.once('connection', resolve))
    bare.listen(0, '127.0.0.1')
    await once(bare, 'listening')
    const barePort = (bare.address() as { port: number }).port

    const clients = [arborPort, barePort].map((port) => http2.connect(`http://127.0.0.1:${port}`))
    t.after(() => {
      for (const client of clients) client.destroy()
      bare.close()
    })
    for (const client of clients) {
      client.on('error', () => {})
      const stream = client.request({ ':path': '/' })
      stream.resume()
      await once(stream, 'end')
    }
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(listenerShape(await fromArbor), listenerShape(await fromNode))
  },
)
