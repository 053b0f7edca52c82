// Exactly one response per request (issue 27). Every path on which arbor answers before it has
// read a whole request is driven over a raw socket, with bytes that look like a request where the
// rest of the refused one would be, or pipelined behind it. The client counts status lines: the
// bytes of a refused request are never answered, and nothing after a `Connection: close` answer
// is processed. Where the framing is known and the connection stays open, a probe request sent
// after the body is the next answer: so nothing in between was answered.
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { after, before, describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { readResponses, show } from '../helpers/raw-http.ts'

const H = 'Host: localhost\r\n'
// The bytes an attacker wants answered: a request of their own.
const SMUGGLED = `GET /smuggled HTTP/1.1\r\n${H}\r\n`
const PROBE = `GET /ok HTTP/1.1\r\n${H}\r\n`
const BOUND = { timeout: 10_000 }

/** `text` padded with spaces to `length` bytes: a body that holds a request. */
function bodyOf(text: string, length: number): string {
  return text + ' '.repeat(length - text.length)
}

interface Exchange {
  statuses: number[]
  codes: unknown[]
  closed: boolean
  text: string
}

/**
 * Writes `first`; once a response has arrived (or after 150 ms, for a server that waits for
 * more), writes `then`; resolves when the server closes the connection, or, with `wanted`,
 * once that many responses have arrived (open cases, whose last is the probe's). Bounded:
 * rejects after 4 s.
 */
function exchange(port: number, first: string, then: string, wanted = 0): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    let sent = then === ''
    let done = false
    const result = (closed: boolean): Exchange => {
      const text = Buffer.concat(received).toString('latin1')
      const { responses } = readResponses(text)
      return {
        statuses: responses.map((r) => r.status),
        codes: responses.map((r) => {
          try {
            return (JSON.parse(r.body) as { code?: unknown }).code
          } catch {
            return undefined
          }
        }),
        closed,
        text,
      }
    }
    const finish = (closed: boolean) => {
      if (done) return
      done = true
      clearTimeout(deadline)
      clearTimeout(pause)
      socket.destroy()
      resolve(result(closed))
    }
    const sendThen = () => {
      if (sent) return
      sent = true
      if (!socket.destroyed && socket.writable) socket.write(then)
    }
    const deadline = setTimeout(() => {
      done = true
      socket.destroy()
      reject(new Error(`unsettled after 4 s: ${show(result(false).text)}`))
    }, 4000)
    const pause = setTimeout(sendThen, 150)
    socket.on('error', () => {})
    socket.on('close', () => finish(true))
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      const got = result(false)
      if (got.statuses.length >= 1) sendThen()
      // an open connection settles on the probe's answer; a closing one on its close
      if (wanted > 0 && got.statuses.length >= wanted) finish(false)
    })
    socket.once('connect', () => socket.write(first))
  })
}

describe('exactly one response per request, over raw sockets', () => {
  const app = arbor({ bodyLimit: 100 })
  const handled: string[] = []
  app.get('/ok', async () => {
    handled.push('GET /ok')
    return 'ok'
  })
  app.get('/smuggled', async () => {
    handled.push('GET /smuggled')
    return 'smuggled'
  })
  app.post(
    '/items',
    {
      schema: {
        querystring: { type: 'object', properties: { n: { type: 'integer' } } },
        body: { type: 'object', required: ['name'] },
      },
    },
    async (request) => {
      handled.push('POST /items')
      return request.body
    },
  )
  let port = 0
  before(async () => {
    port = await listenLocal(app)
  })
  after(() => app.close())

  // Answered with `Connection: close`: one status line, then the close; nothing after it runs.
  const closing: Array<[name: string, first: string, then: string, status: number, code?: string]> =
    [
      [
        'Transfer-Encoding: xchunked with a 0-chunk body (the desync of issue 27)',
        `POST /items HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n`,
        '',
        400,
        'FST_ERR_BAD_TRANSFER_ENCODING',
      ],
      [
        'Transfer-Encoding: identity with a request as its body, in the same write',
        `POST /items HTTP/1.1\r\n${H}Transfer-Encoding: identity\r\n\r\n${SMUGGLED}`,
        '',
        400,
        'FST_ERR_BAD_TRANSFER_ENCODING',
      ],
      [
        'Transfer-Encoding: identity, the request sent after the answer',
        `POST /items HTTP/1.1\r\n${H}Transfer-Encoding: identity\r\n\r\n`,
        SMUGGLED,
        400,
        'FST_ERR_BAD_TRANSFER_ENCODING',
      ],
      [
        'Transfer-Encoding: gzip, chunked (501) with a request pipelined behind it',
        `POST /items HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n${SMUGGLED}`,
        SMUGGLED,
        501,
        'FST_ERR_UNSUPPORTED_TRANSFER_CODING',
      ],
      [
        'two Host headers with a request pipelined behind',
        `GET /ok HTTP/1.1\r\n${H}Host: b.example\r\n\r\n${SMUGGLED}`,
        SMUGGLED,
        400,
        'FST_ERR_BAD_HOST_HEADER',
      ],
      [
        'a Host that is no host with a request pipelined behind',
        `GET /ok HTTP/1.1\r\nHost: a b\r\n\r\n${SMUGGLED}`,
        SMUGGLED,
        400,
        'FST_ERR_BAD_HOST_HEADER',
      ],
      [
        'an HTTP/2.0 request line (505) with a request pipelined behind',
        `GET /ok HTTP/2.0\r\n${H}\r\n${SMUGGLED}`,
        SMUGGLED,
        505,
        'FST_ERR_UNSUPPORTED_HTTP_VERSION',
      ],
      [
        'bad framing: Content-Length and Transfer-Encoding together',
        `POST /items HTTP/1.1\r\n${H}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${SMUGGLED}`,
        SMUGGLED,
        400,
      ],
      [
        'bad Content-Length: not a number',
        `POST /items HTTP/1.1\r\n${H}Content-Length: abc\r\n\r\n${SMUGGLED}`,
        SMUGGLED,
        400,
      ],
      [
        'bad Content-Length: two that differ',
        `POST /items HTTP/1.1\r\n${H}Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello${SMUGGLED}`,
        SMUGGLED,
        400,
      ],
      [
        'body limit, declared: 413 before the body, which holds a request, then one pipelined',
        `POST /items HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 200\r\n\r\n`,
        bodyOf(SMUGGLED, 200) + SMUGGLED,
        413,
        'FST_ERR_CTP_BODY_TOO_LARGE',
      ],
      [
        'body limit, chunked: 413 as the body crosses it, a request in the next chunk and one behind',
        `POST /items HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n80\r\n${'x'.repeat(128)}\r\n`,
        `${SMUGGLED.length.toString(16)}\r\n${SMUGGLED}\r\n0\r\n\r\n${SMUGGLED}`,
        413,
        'FST_ERR_CTP_BODY_TOO_LARGE',
      ],
      [
        'body limit, chunked, all in one write with a request pipelined behind',
        `POST /items HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n80\r\n${'x'.repeat(128)}\r\n0\r\n\r\n${SMUGGLED}`,
        '',
        413,
        'FST_ERR_CTP_BODY_TOO_LARGE',
      ],
    ]
  for (const [name, first, then, status, code] of closing) {
    test(name, BOUND, async () => {
      const ran = handled.length
      const got = await exchange(port, first, then)
      assert.deepEqual(got.statuses, [status], show(got.text))
      if (code !== undefined) assert.equal(got.codes[0], code)
      assert.ok(got.closed, 'the connection is closed after the answer')
      assert.deepEqual(handled.slice(ran), [], 'no request of this connection was processed')
    })
  }

  // Answered before the body is read, the framing known: the body is skipped, the connection
  // stays open, and the next answer is the probe's.
  const open: Array<[name: string, first: string, rest: string, status: number]> = [
    [
      '415 for a media type without a parser, its body (a request) still in flight',
      `POST /items HTTP/1.1\r\n${H}Content-Type: text/xml\r\nContent-Length: 80\r\n\r\n`,
      bodyOf(SMUGGLED, 80),
      415,
    ],
    [
      '404 for a GET with a body in flight',
      `GET /nowhere HTTP/1.1\r\n${H}Content-Length: 80\r\n\r\n`,
      bodyOf(SMUGGLED, 80),
      404,
    ],
    [
      '404 for a GET with a chunked body in flight',
      `GET /nowhere HTTP/1.1\r\n${H}Transfer-Encoding: chunked\r\n\r\n`,
      `${SMUGGLED.length.toString(16)}\r\n${SMUGGLED}\r\n0\r\n\r\n`,
      404,
    ],
    [
      'malformed JSON whose body ends in a request',
      `POST /items HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 80\r\n\r\n{`,
      bodyOf(SMUGGLED, 79),
      400,
    ],
    [
      'a querystring validation error, the body (a request) still in flight',
      `POST /items?n=x HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 80\r\n\r\n`,
      bodyOf(`{"name":"a","s":${JSON.stringify(SMUGGLED)}}`, 80),
      400,
    ],
    [
      'a body validation error',
      `POST /items HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 80\r\n\r\n`,
      bodyOf(`{"s":${JSON.stringify(SMUGGLED)}}`, 80),
      400,
    ],
  ]
  for (const [name, first, rest, status] of open) {
    test(name, BOUND, async () => {
      const ran = handled.length
      const got = await exchange(port, first, rest + PROBE, 2)
      assert.deepEqual(got.statuses, [status, 200], show(got.text))
      assert.deepEqual(handled.slice(ran), ['GET /ok'], 'only the probe was processed')
    })
  }

  test(
    'a response that says Connection: close ends the requests of its connection, whoever wrote it',
    BOUND,
    async () => {
      const ran = handled.length
      const first = `GET /ok HTTP/1.1\r\n${H}Connection: close\r\n\r\n`
      const got = await exchange(port, first + SMUGGLED + 'GARBAGE\r\n\r\n', '')
      assert.deepEqual(got.statuses, [200], show(got.text))
      assert.ok(got.closed)
      assert.deepEqual(handled.slice(ran), ['GET /ok'])
    },
  )
})
