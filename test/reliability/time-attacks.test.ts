// Time attacks (issue 27): clients that hold a connection by sending slowly. A slow request head
// (slowloris) is cut by node's headersTimeout, a slow body by requestTimeout, each with a 408
// and a close; meanwhile fresh clients are served. The limits here are short (configured for the
// test) so that it stays bounded; docs/production.md gives the defaults and what each protects.
import assert from 'node:assert/strict'
import type { Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import { after, before, describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { rawExchange, readResponses, show } from '../helpers/raw-http.ts'

const H = 'Host: localhost\r\n'
const SLOW = 100 // clients of each kind
const TRICKLE_MS = 100 // one byte or header line per client per this

interface SlowClient {
  socket: Socket
  received: () => string
  closed: Promise<void>
  isClosed: () => boolean
}

/** Opens a connection that sends `head`, then `drip` every TRICKLE_MS until it is closed. */
function slowClient(port: number, head: string, drip: string): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let isClosed = false
    let timer: NodeJS.Timeout | undefined
    const closed = new Promise<void>((done) =>
      socket.once('close', () => {
        isClosed = true
        clearInterval(timer)
        done()
      }),
    )
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => {})
    socket.once('connect', () => {
      socket.write(head)
      timer = setInterval(() => {
        if (socket.writable) socket.write(drip)
      }, TRICKLE_MS)
      resolve({
        socket,
        received: () => Buffer.concat(chunks).toString('latin1'),
        closed,
        isClosed: () => isClosed,
      })
    })
    socket.once('error', reject)
  })
}

/** Opens `SLOW` slowloris heads and `SLOW` slow bodies against `port`. */
async function slowCrowd(port: number): Promise<{ heads: SlowClient[]; bodies: SlowClient[] }> {
  const heads = await Promise.all(
    Array.from({ length: SLOW }, () =>
      slowClient(port, `GET /ok HTTP/1.1\r\n${H}`, 'X-Slow: 1\r\n'),
    ),
  )
  const bodies = await Promise.all(
    Array.from({ length: SLOW }, () =>
      slowClient(
        port,
        `POST /upload HTTP/1.1\r\n${H}Content-Type: text/plain\r\nContent-Length: 100000\r\n\r\n`,
        'x',
      ),
    ),
  )
  return { heads, bodies }
}

function openConnections(app: ReturnType<typeof arbor>): Promise<number> {
  return new Promise<number>((resolve, reject) =>
    (app.server as Server).getConnections((err, n) => (err ? reject(err) : resolve(n))),
  )
}

function withRoutes(app: ReturnType<typeof arbor>): ReturnType<typeof arbor> {
  app.get('/ok', async () => 'ok')
  app.post('/upload', async (request) => ({ got: (request.body as string).length }))
  return app
}

describe('time attacks: fresh clients are served beside slow ones, and slow ones are cut', () => {
  test(`fresh requests are answered while ${SLOW} slowloris heads and ${SLOW} slow bodies trickle (default limits)`, {
    timeout: 15_000,
  }, async () => {
    const app = withRoutes(arbor())
    const port = await listenLocal(app)
    const { heads, bodies } = await slowCrowd(port)
    const slow = [...heads, ...bodies]
    try {
      const fresh = await Promise.all(
        Array.from({ length: 20 }, () =>
          rawExchange(port, `GET /ok HTTP/1.1\r\n${H}Connection: close\r\n\r\n`, {
            timeoutMs: 10_000,
          }),
        ),
      )
      for (const answer of fresh) assert.deepEqual(answer.statuses, [200], show(answer.text))
      // node's default headersTimeout is 60 s: none of the slow ones has been cut yet
      assert.equal(slow.filter((c) => c.isClosed()).length, 0)
      assert.equal(await openConnections(app), slow.length)
    } finally {
      for (const client of slow) client.socket.destroy()
      await app.close()
    }
  })

  test(`with configured limits, ${SLOW} slowloris heads and ${SLOW} slow bodies each get one 408 and a close`, {
    timeout: 15_000,
  }, async () => {
    // headersTimeout 600 ms for the head, requestTimeout 1 s for the whole request, checked
    // every 100 ms (node's connectionsCheckingInterval, 30 s by default)
    const app = withRoutes(
      arbor({
        requestTimeout: 1000,
        http: { headersTimeout: 600, connectionsCheckingInterval: 100 },
      }),
    )
    const port = await listenLocal(app)
    try {
      const { heads, bodies } = await slowCrowd(port)
      await Promise.all([...heads, ...bodies].map((c) => c.closed))
      for (const [kind, clients] of [
        ['slow head', heads],
        ['slow body', bodies],
      ] as const) {
        for (const client of clients) {
          const statuses = readResponses(client.received()).responses.map((r) => r.status)
          assert.deepEqual(statuses, [408], `${kind}: ${show(client.received())}`)
        }
      }
      // the server's side of a socket closes a moment after the client's: wait (bounded by the
      // test's timeout) until it holds none of them
      while ((await openConnections(app)) > 0) await new Promise((r) => setTimeout(r, 20))
    } finally {
      await app.close()
    }
  })

  describe('single slow clients under configured limits', () => {
    const app = withRoutes(
      arbor({
        requestTimeout: 1000,
        http: { headersTimeout: 600, connectionsCheckingInterval: 100 },
      }),
    )
    let port = 0
    before(async () => {
      port = await listenLocal(app)
    })
    after(() => app.close())

    test('a connection that sends nothing at all is cut by headersTimeout', {
      timeout: 5000,
    }, async () => {
      const silent = await slowClient(port, '', '')
      await silent.closed
      assert.deepEqual(
        readResponses(silent.received()).responses.map((r) => r.status),
        [408],
      )
    })

    test('a body that stalls after its head is cut by requestTimeout', {
      timeout: 5000,
    }, async () => {
      const stalled = await slowClient(
        port,
        `POST /upload HTTP/1.1\r\n${H}Content-Type: text/plain\r\nContent-Length: 10\r\n\r\nab`,
        '',
      )
      await stalled.closed
      assert.deepEqual(
        readResponses(stalled.received()).responses.map((r) => r.status),
        [408],
      )
    })
  })
})

describe('timeout defaults', () => {
  test("Fastify's: no connection or request timeout, keep-alive 72 s, node's 60 s for a request head", async () => {
    const app = arbor()
    const server = app.server as Server
    assert.equal(server.timeout, 0, 'connectionTimeout')
    assert.equal(server.keepAliveTimeout, 72_000, 'keepAliveTimeout')
    assert.equal(server.requestTimeout, 0, 'requestTimeout')
    assert.equal(server.headersTimeout, 60_000, "node's headersTimeout")
    await app.close()
  })

  test('a configured connectionTimeout closes a connection idle mid-body', {
    timeout: 5000,
  }, async () => {
    const app = arbor({ connectionTimeout: 300 })
    app.post('/upload', async () => 'never')
    const port = await listenLocal(app)
    try {
      const stalled = await slowClient(
        port,
        `POST /upload HTTP/1.1\r\n${H}Content-Type: text/plain\r\nContent-Length: 10\r\n\r\nab`,
        '',
      )
      await stalled.closed
      // node:http destroys a socket idle for connectionTimeout without an answer
      assert.equal(readResponses(stalled.received()).responses.length, 0)
    } finally {
      await app.close()
    }
  })
})
