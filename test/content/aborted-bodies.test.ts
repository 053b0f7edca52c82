import assert from 'node:assert/strict'
import { once } from 'node:events'
import { connect } from 'node:net'
import type { Readable } from 'node:stream'
import { describe, test } from 'node:test'
import type { ArborReply, ArborRequest } from '../../src/index.ts'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

type LogLine = { level: number; msg?: string; err?: { message?: string } }

/** Counts events and lets a test wait until a count is reached, without timers. */
class Counter {
  count = 0
  #waiters: { n: number; resolve: () => void }[] = []

  bump(): void {
    this.count++
    for (const waiter of this.#waiters.filter((w) => w.n <= this.count)) waiter.resolve()
    this.#waiters = this.#waiters.filter((w) => w.n > this.count)
  }

  until(n: number): Promise<void> {
    if (this.count >= n) return Promise.resolve()
    return new Promise((resolve) => this.#waiters.push({ n, resolve }))
  }
}

/**
 * An app that records handler calls and log lines, and counts requests whose body reading has
 * begun (`reading`, from a preParsing hook) and requests whose socket has closed (`closed`).
 */
function abortApp() {
  const logs: LogLine[] = []
  const app = arbor({
    logger: {
      level: 'trace',
      stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
    },
  })
  const calls: unknown[] = []
  const reading = new Counter()
  const closed = new Counter()
  app.addHook('onRequest', async (request: ArborRequest) => {
    request.raw.once('close', () => closed.bump())
  })
  app.addHook(
    'preParsing',
    async (_request: ArborRequest, _reply: ArborReply, payload: Readable) => {
      reading.bump()
      return payload
    },
  )
  app.post('/', async (request) => {
    calls.push(request.body)
    return { body: request.body }
  })
  return { app, calls, logs, reading, closed }
}

/** Opens a raw connection and sends `head` and the start of a body, leaving the rest unsent. */
async function startRequest(port: number, head: string, partialBody: string) {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  await once(socket, 'connect')
  socket.write(`${head}\r\n\r\n${partialBody}`)
  return socket
}

function assertQuiet(logs: LogLine[]) {
  const loud = logs.filter((line) => line.level >= 40)
  assert.deepEqual(loud, [], 'an aborted body is no warning or error')
  const abortLines = logs.filter(
    (line) => line.level <= 30 && /abort/i.test(`${line.msg ?? ''} ${line.err?.message ?? ''}`),
  )
  assert.ok(abortLines.length > 0, 'the abort is logged at debug or info')
}

async function goodRequest(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"ok":1}',
  })
  assert.equal(res.status, 200)
  assert.deepEqual(await res.json(), { body: { ok: 1 } })
}

describe('content: a client that aborts mid-body', () => {
  test('Request bodies: a client that aborts mid-body is dropped quietly and the next request succeeds', {
    timeout: 10_000,
  }, async (t) => {
    const { app, calls, logs, reading, closed } = abortApp()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const socket = await startRequest(
      port,
      'POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000',
      '{"a":"1234', // 10 of the 1000 declared bytes
    )
    await reading.until(1)
    socket.destroy()
    await closed.until(1)
    await goodRequest(port)
    assert.deepEqual(calls, [{ ok: 1 }])
    assertQuiet(logs)
  })

  test('Request bodies: a chunked body aborted mid-stream is dropped quietly', {
    timeout: 10_000,
  }, async (t) => {
    const { app, calls, logs, reading, closed } = abortApp()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const socket = await startRequest(
      port,
      'POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked',
      'a\r\n{"a":"1234\r\n', // one 10-byte chunk, never the terminating chunk
    )
    await reading.until(1)
    socket.destroy()
    await closed.until(1)
    await goodRequest(port)
    assert.deepEqual(calls, [{ ok: 1 }])
    assertQuiet(logs)
  })

  test('Request bodies: an abort while a stream parser reads the payload is dropped quietly', {
    timeout: 10_000,
  }, async (t) => {
    const { app, calls, logs, reading, closed } = abortApp()
    t.after(() => app.close())
    const parserErrors: string[] = []
    app.addContentTypeParser(
      'application/x-stream',
      async (_request: ArborRequest, payload: Readable) => {
        let text = ''
        try {
          for await (const chunk of payload) text += chunk.toString()
        } catch (err) {
          parserErrors.push((err as Error).message)
          throw err
        }
        return text
      },
    )
    const port = await listenLocal(app)
    const socket = await startRequest(
      port,
      'POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/x-stream\r\ncontent-length: 1000',
      '0123456789',
    )
    await reading.until(1)
    socket.destroy()
    await closed.until(1)
    await goodRequest(port)
    assert.deepEqual(calls, [{ ok: 1 }])
    assert.equal(parserErrors.length, 1, 'the parser saw its stream fail')
    assertQuiet(logs)
  })

  test('Request bodies: twenty clients aborting at once leave the server healthy', {
    timeout: 20_000,
  }, async (t) => {
    const { app, calls, logs, reading, closed } = abortApp()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const sockets = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        startRequest(
          port,
          `POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ${i % 2 ? 'text/plain' : 'application/json'}\r\ncontent-length: 1000`,
          '{"a":"1234',
        ),
      ),
    )
    await reading.until(20)
    for (const socket of sockets) socket.destroy()
    await closed.until(20)
    await goodRequest(port)
    await goodRequest(port)
    assert.deepEqual(calls, [{ ok: 1 }, { ok: 1 }])
    assertQuiet(logs)
  })
})
