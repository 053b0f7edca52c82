// close() over real keep-alive sockets (issue 13): a client that finished its request and stays
// quiet must not hold close() up, a request in flight is answered first, and what happens to a
// request that arrives during close depends on return503OnClosing and forceCloseConnections.
// The clients here never close their sockets themselves: whatever closes them is the server.
import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { PassThrough } from 'node:stream'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { type RawResponse, readResponses } from '../helpers/raw-http.ts'

// Every test would otherwise wait out keepAliveTimeout (72 s) or hang: that is the failure.
const BOUND = { timeout: 10_000 }

/** A promise with its resolve function exposed. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

/** One kept-alive client connection, read raw: what arrived, and when the server closed it. */
class Connection {
  readonly socket: Socket
  readonly closed: Promise<void>
  #text = ''
  #waiters: Array<() => void> = []

  private constructor(socket: Socket) {
    this.socket = socket
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      this.#text += chunk
      for (const wake of this.#waiters.splice(0)) wake()
    })
    socket.on('error', () => {})
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()))
  }

  static async open(port: number): Promise<Connection> {
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    return new Connection(socket)
  }

  get isClosed(): boolean {
    return this.socket.destroyed
  }

  send(path: string): void {
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`)
  }

  get responses(): RawResponse[] {
    return readResponses(this.#text).responses
  }

  /** Resolves once the head of a first response has arrived. */
  async headArrived(): Promise<void> {
    while (!this.#text.includes('\r\n\r\n') && !this.isClosed) {
      await Promise.race([new Promise<void>((wake) => this.#waiters.push(wake)), this.closed])
    }
  }

  /** Resolves once `count` complete responses have arrived (or the server closed first). */
  async responsesArrived(count: number): Promise<RawResponse[]> {
    while (this.responses.length < count && !this.isClosed) {
      await Promise.race([new Promise<void>((wake) => this.#waiters.push(wake)), this.closed])
    }
    return this.responses
  }
}

/** An app with GET /fast and GET /slow; /slow waits until the test lets it go. */
async function slowApp(options: Parameters<typeof arbor>[0] = {}) {
  const app = arbor(options)
  const entered = gate()
  const release = gate()
  const handled: string[] = []
  app.get('/fast', async () => {
    handled.push('fast')
    return 'fast'
  })
  app.get('/slow', async () => {
    handled.push('slow')
    entered.open()
    await release.opened
    return 'slow'
  })
  const port = await listenLocal(app)
  // resolves once node:http has taken in the n-th request (before any routing)
  let taken = 0
  const waits: Array<[number, () => void]> = []
  app.server.prependListener('request', () => {
    taken++
    for (const [n, wake] of waits) if (n <= taken) wake()
  })
  const requestsTaken = (n: number) =>
    new Promise<void>((resolve) => (n <= taken ? resolve() : waits.push([n, resolve])))
  return { app, port, entered, release, handled, requestsTaken }
}

describe('close() and kept-alive connections', () => {
  test(
    "forceCloseConnections 'idle' (default): an idle kept-alive client is closed at once, a busy one once answered, and close() resolves",
    BOUND,
    async () => {
      const { app, port, entered, release } = await slowApp()
      const idle = await Connection.open(port)
      idle.send('/fast')
      assert.equal((await idle.responsesArrived(1))[0]?.headers.connection, 'keep-alive')
      const busy = await Connection.open(port)
      busy.send('/slow')
      await entered.opened

      let resolved = false
      const closing = app.close().then(() => {
        resolved = true
      })
      await idle.closed
      assert.equal(busy.isClosed, false, 'the connection with a request in flight stays open')
      assert.equal(resolved, false, 'close() waits for the request in flight')

      release.open()
      await closing
      const [answer] = await busy.responsesArrived(1)
      assert.equal(answer?.status, 200)
      assert.equal(answer?.body, 'slow')
      assert.equal(answer?.headers.connection, 'close', 'the client is told not to send more')
      await busy.closed
    },
  )

  test("forceCloseConnections 'idle': two requests pipelined before close are both answered before the connection is closed", {
    ...BOUND,
  }, async () => {
    const { app, port, entered, release, handled } = await slowApp()
    const pipelined = await Connection.open(port)
    pipelined.send('/slow')
    pipelined.send('/fast')
    await entered.opened
    const closing = app.close()
    release.open()
    await closing
    const answers = await pipelined.responsesArrived(2)
    // /fast was answered at once, queued behind /slow: its head was written before close(),
    // as keep-alive, so the server ends the connection after it without announcing it
    assert.deepEqual(
      answers.map((r) => [r.status, r.body]),
      [
        [200, 'slow'],
        [200, 'fast'],
      ],
    )
    assert.deepEqual(handled, ['slow', 'fast'])
    await pipelined.closed
  })

  test(
    'forceCloseConnections true: close() destroys every connection, a request in flight included',
    BOUND,
    async () => {
      const { app, port, entered } = await slowApp({ forceCloseConnections: true })
      const idle = await Connection.open(port)
      idle.send('/fast')
      await idle.responsesArrived(1)
      const busy = await Connection.open(port)
      busy.send('/slow')
      await entered.opened
      await app.close()
      await Promise.all([idle.closed, busy.closed])
      assert.deepEqual(busy.responses, [], 'the request in flight got no answer')
    },
  )

  test(
    'forceCloseConnections false: a request in flight at close() is still answered, and close() does not wait for its client (as Fastify 4.25.2 on Node 20)',
    BOUND,
    async () => {
      const { app, port, entered, release } = await slowApp({ forceCloseConnections: false })
      const busy = await Connection.open(port)
      busy.send('/slow')
      await entered.opened
      const closing = app.close()
      release.open()
      const [answer] = await busy.responsesArrived(1)
      assert.equal(answer?.status, 200)
      assert.equal(answer?.body, 'slow')
      await closing
      await busy.closed
    },
  )

  test(
    'return503OnClosing false: a request arriving on a kept-alive socket during close is served with Connection: close, then the socket is closed',
    BOUND,
    async () => {
      const { app, port, entered, release, handled, requestsTaken } = await slowApp({
        return503OnClosing: false,
      })
      const busy = await Connection.open(port)
      busy.send('/slow')
      await entered.opened
      const closing = app.close()
      // the socket is kept alive (its request is in flight), so a second request still gets in
      busy.send('/fast')
      await requestsTaken(2)
      release.open()
      const answers = await busy.responsesArrived(2)
      assert.deepEqual(
        answers.map((r) => [r.status, r.body]),
        [
          [200, 'slow'],
          [200, 'fast'],
        ],
      )
      assert.equal(answers[1]?.headers.connection, 'close')
      await busy.closed
      await closing
      assert.deepEqual(handled, ['slow', 'fast'])
    },
  )

  test(
    'return503OnClosing true (default): a request arriving on a kept-alive socket during close gets 503 with Connection: close',
    BOUND,
    async () => {
      const { app, port, entered, release, handled, requestsTaken } = await slowApp()
      const busy = await Connection.open(port)
      busy.send('/slow')
      await entered.opened
      const closing = app.close()
      busy.send('/fast')
      await requestsTaken(2)
      release.open()
      const answers = await busy.responsesArrived(2)
      assert.deepEqual(
        answers.map((r) => r.status),
        [200, 503],
      )
      assert.equal(answers[1]?.headers.connection, 'close')
      await busy.closed
      await closing
      assert.deepEqual(handled, ['slow'])
    },
  )
  test(
    'a request sent after its connection announced Connection: close is not processed (RFC 9112 9.6)',
    BOUND,
    async () => {
      const app = arbor({ return503OnClosing: false })
      const handled: string[] = []
      const entered = gate()
      const release = gate()
      const body = new PassThrough()
      app.get('/stream', async (_request, reply) => {
        handled.push('stream')
        entered.open()
        await release.opened
        return reply.send(body)
      })
      app.get('/fast', async () => {
        handled.push('fast')
        return 'fast'
      })
      const port = await listenLocal(app)
      const connection = await Connection.open(port)
      connection.send('/stream')
      await entered.opened
      const closing = app.close()
      release.open()
      body.write('a')
      await connection.headArrived()
      // the head said Connection: close; a client that sends anyway is not served
      connection.send('/fast')
      await new Promise((resolve) => setTimeout(resolve, 50))
      body.end('b')
      await closing
      await connection.closed
      assert.deepEqual(handled, ['stream'])
      assert.deepEqual(
        connection.responses.map((r) => [r.status, r.body, r.headers.connection]),
        [[200, 'ab', 'close']],
      )
    },
  )
})
