// Faults of issue 13, found by the corpus. Each test asserts the correct behaviour; the fixed
// ones guard their fix. The bare HTTP/0.9 line, a `todo` until issue 27, is re-argued below.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { listenLocal } from '../helpers/http.ts'
import { findLeak, type RawExchange, rawExchange, show } from '../helpers/raw-http.ts'
import { assertServing, get, HOST, postJson } from './corpus.ts'
import { targetApp } from './fixtures/target-app.ts'

describe('faults of issue 13', () => {
  const { app, handled } = targetApp()
  let port = 0
  before(async () => {
    port = await listenLocal(app)
  })
  after(() => app.close())

  /** Sends `raw`, then checks the invariants every answer keeps; returns the exchange. */
  async function send(raw: string, options?: Parameters<typeof rawExchange>[2]) {
    const ranBefore = handled.length
    const exchange = await rawExchange(port, raw, options)
    assert.equal(findLeak(exchange.text), undefined, show(exchange.text))
    return { ...exchange, ran: handled.slice(ranBefore) }
  }

  function assertError(exchange: RawExchange, status: number, code?: string): void {
    assert.equal(exchange.statuses[0], status, show(exchange.text))
    if (code !== undefined) {
      const payload = JSON.parse(exchange.responses[0]!.body) as Record<string, unknown>
      assert.equal(payload.code, code, show(exchange.text))
    }
  }

  // RFC 9110 15.6.6: a version the server does not support gets 505. node:http hands HTTP/0.9
  // and HTTP/2.0 lines over as requests; arbor refuses them before routing.
  describe('HTTP versions other than 1.0 and 1.1 get 505 and never reach a handler', () => {
    // Re-argued (issue 27): llhttp reads "GET /ok" CRLF as a request line and waits, in native
    // code, for the head to end; seeing it sooner would mean reading every connection in JS.
    // Fastify 4.25.2 and 5.12 do the same (no answer within 1.5 s on the same bytes). It is then
    // an unfinished head like any slowloris: headersTimeout (node's 60 s by default) answers 408
    // and closes, and no handler runs.
    test('an HTTP/0.9 request line alone waits like any unfinished head: headersTimeout answers 408, no handler runs', async () => {
      const { app: bounded, handled: ran } = targetApp({
        http: { headersTimeout: 300, connectionsCheckingInterval: 50 },
      })
      const boundedPort = await listenLocal(bounded)
      try {
        const exchange = await rawExchange(boundedPort, 'GET /ok\r\n', { timeoutMs: 5000 })
        assert.deepEqual(exchange.statuses, [408], show(exchange.text))
        assert.ok(exchange.closed)
        assert.deepEqual(ran, [])
      } finally {
        await bounded.close()
      }
    })

    test('an HTTP/0.9 request line followed by an empty line', async () => {
      const exchange = await send('GET /ok\r\n\r\n')
      assertError(exchange, 505)
      assert.deepEqual(exchange.ran, [])
    })

    test('GET /ok HTTP/0.9', async () => {
      const exchange = await send(`GET /ok HTTP/0.9\r\n${HOST}\r\n`)
      assertError(exchange, 505)
      assert.deepEqual(exchange.ran, [])
    })

    test('GET /ok HTTP/2.0', async () => {
      const exchange = await send(`GET /ok HTTP/2.0\r\n${HOST}\r\n`)
      assertError(exchange, 505)
      assert.deepEqual(exchange.ran, [])
    })
  })

  // RFC 9112 3.2: "more than one Host header field line or a Host header field with an
  // invalid field value" MUST get 400.
  describe('a request with an ambiguous or invalid Host gets 400', () => {
    test('two Host headers', async () => {
      const exchange = await send('GET /ok HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n')
      assertError(exchange, 400)
      assert.deepEqual(exchange.ran, [])
    })

    test('a Host value that is no host (found while building the corpus; not in issue 13)', async () => {
      const exchange = await send('GET /ok HTTP/1.1\r\nHost: a b\r\n\r\n')
      assertError(exchange, 400)
      assert.deepEqual(exchange.ran, [])
    })
  })

  // Ajv's type coercion turns "1e400" and "Infinity" into Infinity after the type check, so
  // they pass `integer` and `number`; JSON output then prints null. A number in JSON Schema
  // is finite. (A JSON body number 1e400 is already refused: malformed-bodies.test.ts.)
  describe('non-finite numbers get 400 FST_ERR_VALIDATION in every request part', () => {
    const cases: Array<[name: string, raw: string]> = [
      ['params: /users/1e400', get('/users/1e400')],
      ['params: /users/Infinity', get('/users/Infinity')],
      ['params: /users/-Infinity', get('/users/-Infinity')],
      ['querystring: ?limit=1e400', get('/items?limit=1e400')],
      ['querystring: ?limit=Infinity', get('/items?limit=Infinity')],
      ['querystring: ?limit=-1e400', get('/items?limit=-1e400')],
      ['headers: x-limit: 1e400', get('/limited', 'x-limit: 1e400\r\n')],
      ['headers: x-limit: Infinity', get('/limited', 'x-limit: Infinity\r\n')],
      ['body: {"n":"1e400"} (a string coerced to a number)', postJson('{"name":"a","n":"1e400"}')],
      ['body: {"n":"Infinity"}', postJson('{"name":"a","n":"Infinity"}')],
    ]
    for (const [name, raw] of cases) {
      test(name, async () => {
        const exchange = await send(raw)
        assertError(exchange, 400, 'FST_ERR_VALIDATION')
        assert.deepEqual(exchange.ran, [])
      })
    }
  })

  test('a valid request pipelined before garbage: its response arrives, then 400, then close', async () => {
    const exchange = await send(`${get('/ok')}GARBAGE\r\n\r\n`, { responses: 2 })
    assert.deepEqual(exchange.statuses, [200, 400], show(exchange.text))
    assert.equal(exchange.responses[0]!.body, 'ok')
    assert.ok(exchange.closed, 'the connection is closed after the 400')
    assert.deepEqual(exchange.ran, ['GET /ok'])
    await assertServing(port)
  })

  test('a deeply nested body against a recursive schema gets 400, not a stack overflow (found while building the corpus; not in issue 13)', async () => {
    const depth = 5000
    const body = '['.repeat(depth) + ']'.repeat(depth)
    const exchange = await send(
      `POST /tree HTTP/1.1\r\n${HOST}Content-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    )
    assert.equal(exchange.statuses.length, 1, show(exchange.text))
    const status = exchange.statuses[0]!
    assert.ok(status >= 400 && status < 500, `answered ${status}: ${show(exchange.text)}`)
    assert.deepEqual(exchange.ran, [])
  })

  test('a transfer coding the server cannot decode is not read as identity (found while building the corpus; not in issue 13)', async () => {
    // RFC 9112 6.1: a server that receives a transfer coding it does not understand SHOULD
    // answer 501; 400 would do as well. Here the "gzip" bytes happen to be plain JSON.
    const body = '{"name":"a"}'
    const exchange = await send(
      `POST /json HTTP/1.1\r\n${HOST}Content-Type: application/json\r\n` +
        `Transfer-Encoding: gzip, chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    )
    const status = exchange.statuses[0]
    assert.ok(status === 501 || status === 400, `answered ${status}: ${show(exchange.text)}`)
    assert.deepEqual(exchange.ran, [])
  })
})
