import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { listenLocal } from '../helpers/http.ts'
import { findLeak, type RawExchange, rawExchange, show } from '../helpers/raw-http.ts'
import { targetApp } from './fixtures/target-app.ts'

/** One malformed request of the corpus: a named row with its raw bytes. */
export interface MalformedCase {
  /** What is wrong with the request; the test title. */
  name: string
  /** One word for the family of the fault, shown before the name (`smuggling`, `ctl`, …). */
  code: string
  /** The bytes sent, as a latin1 string: each character is one byte. */
  raw: string
  /** The one status the answer must have, where the status itself is the contract. */
  status?: number
  /** The `code` the JSON answer must carry (arbor's own answers, not node:http's). */
  errorCode?: string
  /** Statuses allowed besides 4xx: 505 for an HTTP version the server does not speak. */
  alsoAllowed?: number[]
  /** Half-close after sending: a request cut short, which the server can only learn at EOF. */
  end?: boolean
}

export const HOST = 'Host: localhost\r\n'

/** A GET of `target` with a Host header and `headers` (each line ending in CRLF). */
export function get(target: string, headers = ''): string {
  return `GET ${target} HTTP/1.1\r\n${HOST}${headers}\r\n`
}

/** A POST to /json, the route with a body schema, with `headers` and then `body` as sent. */
export function post(headers: string, body: string, path = '/json'): string {
  return `POST ${path} HTTP/1.1\r\n${HOST}Content-Type: application/json\r\n${headers}\r\n${body}`
}

/** A POST to /json whose Content-Length is the true length of `body`. */
export function postJson(body: string, contentType = 'application/json', headers = ''): string {
  return (
    `POST /json HTTP/1.1\r\n${HOST}Content-Type: ${contentType}\r\n${headers}` +
    `Content-Length: ${Buffer.byteLength(body, 'latin1')}\r\n\r\n${body}`
  )
}

/**
 * One `describe` per family: each row is sent on a fresh connection to one listening app, and
 * must get a 4xx or a close (never a 2xx, never a 5xx unless the row allows it, never silence:
 * every read is bounded), no stack frame or file path in the bytes, no handler run, nothing
 * thrown past the server; and afterwards a fresh `GET /ok` still gets 200.
 */
export function refusalCorpus(title: string, cases: MalformedCase[]): void {
  describe(title, () => {
    const { app, handled } = targetApp()
    // The server runs in this process: an error escaping it would kill a production process.
    const escaped: unknown[] = []
    const onEscape = (err: unknown) => escaped.push(err)
    let port = 0

    before(async () => {
      process.on('uncaughtException', onEscape)
      process.on('unhandledRejection', onEscape)
      port = await listenLocal(app)
    })
    after(async () => {
      process.off('uncaughtException', onEscape)
      process.off('unhandledRejection', onEscape)
      await app.close()
    })

    for (const row of cases) {
      test(`[${row.code}] ${row.name}`, async (t) => {
        const ranBefore = handled.length
        const exchange = await rawExchange(port, row.raw, { end: row.end === true })
        t.diagnostic(
          `${exchange.statuses.join(',') || 'no answer'}, ${exchange.closed ? 'closed' : 'kept open'}`,
        )
        assertRefused(exchange, row)
        assert.deepEqual(handled.slice(ranBefore), [], 'the request reached a handler')
        await assertServing(port)
        assert.ok(app.server.listening, 'the server stopped listening')
        assert.deepEqual(escaped, [], 'an error escaped the server')
      })
    }
  })
}

function assertRefused(exchange: RawExchange, row: MalformedCase): void {
  const seen = `received ${show(exchange.text)}`
  assert.equal(findLeak(exchange.text), undefined, `a stack trace or path leaked: ${seen}`)
  assert.equal(exchange.rest, '', `bytes that are no complete HTTP response: ${seen}`)
  for (const { status } of exchange.responses) {
    const refused = (status >= 400 && status < 500) || row.alsoAllowed?.includes(status) === true
    assert.ok(refused, `answered ${status}: ${seen}`)
  }
  if (exchange.responses.length === 0) assert.ok(exchange.closed, `no answer: ${seen}`)
  if (row.status !== undefined) assert.equal(exchange.statuses[0], row.status, seen)
  if (row.errorCode !== undefined) {
    const payload = JSON.parse(exchange.responses[0]!.body) as Record<string, unknown>
    assert.equal(payload.code, row.errorCode, seen)
  }
}

/** A fresh, valid request gets 200: the server took no harm from the previous one. */
export async function assertServing(port: number): Promise<void> {
  const { statuses, responses } = await rawExchange(port, get('/ok', 'Connection: close\r\n'))
  assert.deepEqual(statuses, [200], 'a fresh GET /ok after the case')
  assert.equal(responses[0]!.body, 'ok')
}
