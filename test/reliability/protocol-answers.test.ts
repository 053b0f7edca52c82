// The exact answers to the protocol faults of issue 13 (known-faults.test.ts checks that they
// are refused; this file pins what the client reads, and what is logged).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'
import { rawExchange, show } from '../helpers/raw-http.ts'
import { get, HOST } from './corpus.ts'

describe('protocol faults: status, body, headers', () => {
  const logs = captureLogs<{ level: number; msg: string; reqId?: string }>()
  const app = arbor({ logger: { level: 'info', stream: logs.stream } })
  const handled: string[] = []
  app.get('/ok', async () => {
    handled.push('GET /ok')
    return 'ok'
  })
  app.post('/echo', async (request) => {
    handled.push('POST /echo')
    return request.body
  })
  let port = 0
  before(async () => {
    port = await listenLocal(app)
  })
  after(() => app.close())

  async function first(raw: string, responses = 1) {
    const exchange = await rawExchange(port, raw, { responses })
    assert.ok(exchange.responses.length >= 1, show(exchange.text))
    return { ...exchange, answer: exchange.responses[0]! }
  }

  test('GET /ok HTTP/2.0: 505 with FST_ERR_UNSUPPORTED_HTTP_VERSION, logged, before routing', async () => {
    const ran = handled.length
    const { answer } = await first(`GET /ok HTTP/2.0\r\n${HOST}\r\n`)
    assert.equal(answer.status, 505)
    const body = JSON.parse(answer.body)
    assert.equal(body.statusCode, 505)
    assert.equal(body.code, 'FST_ERR_UNSUPPORTED_HTTP_VERSION')
    assert.equal(body.error, 'HTTP Version Not Supported')
    assert.deepEqual(handled.slice(ran), [])
    const line = logs.lines.find((l) => /HTTP version/i.test(l.msg))
    assert.equal(line?.level, 30)
    assert.match(String(line?.reqId), /^req-/)
  })

  test('a well-formed version node:http does not speak (HTTP/3.0, HTTP/1.2) gets 505; a malformed one (HTTP/1.10) gets 400', async () => {
    for (const version of ['HTTP/3.0', 'HTTP/1.2', 'HTTP/0.8']) {
      const { answer } = await first(`GET /ok ${version}\r\n${HOST}\r\n`)
      assert.equal(answer.status, 505, version)
      assert.deepEqual(
        JSON.parse(answer.body),
        {
          error: 'HTTP Version Not Supported',
          message: 'HTTP Version Not Supported',
          statusCode: 505,
          code: 'FST_ERR_UNSUPPORTED_HTTP_VERSION',
        },
        version,
      )
    }
    const { text } = await first(`GET /ok HTTP/1.10\r\n${HOST}\r\n`)
    assert.equal(
      text,
      'HTTP/1.1 400 Bad Request\r\nContent-Length: 65\r\nContent-Type: application/json\r\n\r\n' +
        '{"error":"Bad Request","message":"Client Error","statusCode":400}',
    )
  })

  test('the HTTP/2 connection preface gets 505', async () => {
    const { answer } = await first('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n')
    assert.equal(answer.status, 505)
  })

  test('two Host headers: 400 FST_ERR_BAD_HOST_HEADER, whether they agree or not', async () => {
    for (const second of ['b.example', 'a.example']) {
      const { answer } = await first(
        `GET /ok HTTP/1.1\r\nHost: a.example\r\nHost: ${second}\r\n\r\n`,
      )
      assert.equal(answer.status, 400)
      assert.equal(answer.headers.connection, 'close')
      assert.deepEqual(JSON.parse(answer.body), {
        statusCode: 400,
        code: 'FST_ERR_BAD_HOST_HEADER',
        error: 'Bad Request',
        message: 'Invalid Host header: more than one',
      })
    }
  })

  test('a Host that is no host gets 400; hosts of every legal form are served', async () => {
    for (const bad of ['a b', 'a/b', 'user@a.example', 'a.example:80x', '"a"']) {
      const { answer } = await first(`GET /ok HTTP/1.1\r\nHost: ${bad}\r\n\r\n`)
      assert.equal(answer.status, 400, bad)
      assert.equal(JSON.parse(answer.body).message, 'Invalid Host header: not a valid host', bad)
    }
    for (const good of [
      'a.example',
      'a.example:8080',
      '127.0.0.1:1',
      '[::1]:3000',
      'xn--bcher-kva.example',
      'a_b.local',
      '',
    ]) {
      const { answer } = await first(`GET /ok HTTP/1.1\r\nHost: ${good}\r\n\r\n`)
      assert.equal(answer.status, 200, good)
    }
  })

  test('Transfer-Encoding: gzip, chunked gets 501 FST_ERR_UNSUPPORTED_TRANSFER_CODING; gzip alone 400 FST_ERR_BAD_TRANSFER_ENCODING', async () => {
    const ran = handled.length
    const body = '{"a":1}'
    const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`
    const post = (codings: string) =>
      `POST /echo HTTP/1.1\r\n${HOST}Content-Type: application/json\r\n` +
      `Transfer-Encoding: ${codings}\r\n\r\n${chunked}`
    const unsupported = await first(post('gzip, chunked'))
    assert.equal(unsupported.answer.status, 501)
    assert.deepEqual(JSON.parse(unsupported.answer.body), {
      statusCode: 501,
      code: 'FST_ERR_UNSUPPORTED_TRANSFER_CODING',
      error: 'Not Implemented',
      message: "Transfer coding 'gzip' is not implemented",
    })
    const bad = await first(post('gzip'))
    assert.equal(bad.answer.status, 400)
    assert.equal(JSON.parse(bad.answer.body).code, 'FST_ERR_BAD_TRANSFER_ENCODING')
    assert.equal(
      JSON.parse(bad.answer.body).message,
      "Transfer-Encoding must end with chunked, got 'gzip'",
    )
    const fine = await first(post('Chunked'))
    assert.equal(fine.answer.status, 200)
    assert.deepEqual(JSON.parse(fine.answer.body), { a: 1 })
    assert.deepEqual(handled.slice(ran), ['POST /echo'])
  })

  test('valid requests pipelined before garbage are all answered in order, then 400, then the close', async () => {
    const ran = handled.length
    const exchange = await rawExchange(port, `${get('/ok')}${get('/ok')}GARBAGE\r\n\r\n`, {
      responses: 3,
    })
    assert.deepEqual(exchange.statuses, [200, 200, 400], show(exchange.text))
    assert.ok(exchange.closed)
    assert.deepEqual(handled.slice(ran), ['GET /ok', 'GET /ok'])
  })
})
