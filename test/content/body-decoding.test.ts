import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { describe, test } from 'node:test'
import type { BodyParser } from '../../src/index.ts'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

// Bodies read as text are decoded as UTF-8; an all-ASCII body takes a faster path
// (content/body-text.ts). These check that both paths give what UTF-8 decoding gives.

/** An app that answers each body it got as JSON: the parsed JSON, or the text. */
function echoApp() {
  const app = arbor({ bodyLimit: 4 * 1024 * 1024 })
  app.post('/', async (request) => ({ body: request.body }))
  return app
}

/** Sends `chunks` as one request body, each chunk written on its own, and reads the answer. */
function post(
  port: number,
  contentType: string,
  chunks: Buffer[],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/',
        headers: { 'content-type': contentType },
      },
      (res) => {
        const parts: Buffer[] = []
        res.on('data', (part: Buffer) => parts.push(part))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }),
        )
      },
    )
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

describe('content: decoding text bodies', () => {
  test('Request bodies: an ASCII JSON body is parsed to the same value, escapes included', async (t) => {
    const app = echoApp()
    t.after(() => app.close())
    const value = { name: 'Ada', escaped: '\u00e9\u4e2d\ud83d\ude00', tab: '\t', n: [1, 2.5, -3] }
    const text = JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => {
      return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
    })
    assert.ok(
      Buffer.from(text).every((byte) => byte < 0x80),
      'the body is ASCII',
    )
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: text,
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: value })
  })

  test('Request bodies: a non-ASCII byte is decoded as UTF-8, never as Latin-1', async (t) => {
    const app = echoApp()
    t.after(() => app.close())
    // 0xc3 0xa9 is "é" in UTF-8 (two characters in Latin-1); a lone 0xe9 is invalid UTF-8.
    const cases: Array<[Buffer, string]> = [
      [Buffer.from([0x63, 0x61, 0x66, 0xc3, 0xa9]), 'café'],
      [Buffer.from([0x61, 0xe9, 0x62]), 'a\ufffdb'],
      [Buffer.from([0xff, 0xfe, 0x41]), '\ufffd\ufffdA'],
    ]
    for (const [bytes, expected] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'text/plain' },
        payload: bytes,
      })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { body: expected }, bytes.toString('hex'))
    }
  })

  test('Request bodies: a character split across two chunks of the body is decoded whole', async (t) => {
    const app = echoApp()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const json = Buffer.from(JSON.stringify({ word: 'naïve 😀' }))
    const split = json.indexOf(0xf0) + 2 // inside the emoji's four bytes
    const res = await post(port, 'application/json', [
      json.subarray(0, split),
      json.subarray(split),
    ])
    assert.equal(res.status, 200)
    assert.deepEqual(JSON.parse(res.body), { body: { word: 'naïve 😀' } })
  })

  test('Request bodies: a JSON body that starts with a byte order mark is parsed', async (t) => {
    const app = echoApp()
    t.after(() => app.close())
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]),
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: { a: 1 } })
  })

  test('Request bodies: a 2 MB ASCII JSON body in many chunks is parsed exactly', async (t) => {
    const app = echoApp()
    app.post('/count', async (request) => {
      const items = (request.body as { items: Array<{ id: number; name: string }> }).items
      return { count: items.length, last: items.at(-1) }
    })
    t.after(() => app.close())
    const port = await listenLocal(app)
    const items = Array.from({ length: 40_000 }, (_, id) => ({ id, name: `item ${id}` }))
    const body = Buffer.from(JSON.stringify({ items }))
    assert.ok(body.length > 1024 * 1024)
    const chunks: Buffer[] = []
    for (let at = 0; at < body.length; at += 100_000) chunks.push(body.subarray(at, at + 100_000))
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/count',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (part: string) => {
            text += part
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        },
      )
      req.on('error', reject)
      for (const chunk of chunks) req.write(chunk)
      req.end()
    })
    assert.equal(res.status, 200)
    assert.deepEqual(JSON.parse(res.body), {
      count: 40_000,
      last: { id: 39_999, name: 'item 39999' },
    })
  })

  test('Request bodies: a parser registered with parseAs "string" gets the text UTF-8 decoding gives', async (t) => {
    const app = arbor()
    const seen: string[] = []
    const parser: BodyParser = (_request, body, done) => {
      seen.push(body as string)
      done(null, { length: (body as string).length })
    }
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, parser)
    app.post('/', async (request) => request.body)
    t.after(() => app.close())
    const bytes = [
      Buffer.from('a,b\n1,2\n'),
      Buffer.from('x,\xe9\n', 'latin1'),
      Buffer.from('ü,€\n'),
    ]
    for (const payload of bytes) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'text/csv' },
        payload,
      })
      assert.equal(res.statusCode, 200)
    }
    assert.deepEqual(seen, ['a,b\n1,2\n', 'x,\ufffd\n', 'ü,€\n'])
  })
})
