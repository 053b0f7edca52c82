import assert from 'node:assert/strict'
import { request } from 'node:http'
import type { Readable } from 'node:stream'
import { describe, test } from 'node:test'
import type { ArborRequest, BodyParser } from '../../src/index.ts'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

type Done = Parameters<BodyParser>[2]

type Options = Parameters<typeof arbor>[0]

/** An app whose POST / handler records every body it receives and echoes it back. */
function recordingApp(options?: Options) {
  const app = arbor(options)
  const calls: unknown[] = []
  app.post('/', async (request) => {
    calls.push(request.body)
    return { type: typeof request.body, body: request.body }
  })
  return { app, calls }
}

describe('content: default text parser', () => {
  test('Request bodies: a text/plain body reaches the handler as the exact string sent', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const text = '{"looks":"like json"}\n  but is text  \r\n'
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: text,
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { type: 'string', body: text })
    assert.deepEqual(calls, [text])
  })

  test('Request bodies: the text media type is matched case-insensitively, with parameters', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const variants = [
      'Text/Plain',
      'TEXT/PLAIN; Charset=UTF-8',
      'text/plain;charset=utf-8;format=flowed',
    ]
    for (const contentType of variants) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': contentType },
        payload: 'hello',
      })
      assert.equal(res.statusCode, 200, contentType)
      assert.deepEqual(res.json(), { type: 'string', body: 'hello' }, contentType)
    }
    assert.deepEqual(calls, ['hello', 'hello', 'hello'])
  })

  test('Request bodies: multi-byte UTF-8 text survives chunk boundaries', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const port = await listenLocal(app)
    // most characters are multi-byte and the body is written in 1001-byte slices, so chunk
    // boundaries fall inside characters: decoding chunk by chunk would corrupt them
    const text = 'é€😀a'.repeat(10_000)
    const bytes = Buffer.from(text, 'utf8')
    const res = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/',
          headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': bytes.length },
        },
        (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (body += chunk))
          response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }))
        },
      )
      req.on('error', reject)
      for (let i = 0; i < bytes.length; i += 1001) req.write(bytes.subarray(i, i + 1001))
      req.end()
    })
    assert.equal(res.statusCode, 200)
    assert.equal(calls.length, 1)
    assert.equal(calls[0], text)
  })

  test('Request bodies: an empty text/plain body is the empty string', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: '',
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { type: 'string', body: '' })
    assert.deepEqual(calls, [''])
  })

  test('Request bodies: defaultTextParser can serve another media type', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      ['text/csv', 'application/x-ndjson'],
      { parseAs: 'string' },
      app.defaultTextParser,
    )
    for (const [contentType, payload] of [
      ['text/csv', 'a,b\n1,2\n'],
      ['application/x-ndjson', '{"a":1}\n{"a":2}\n'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': contentType },
        payload,
      })
      assert.equal(res.statusCode, 200, contentType)
      assert.deepEqual(res.json(), { type: 'string', body: payload })
    }
    assert.deepEqual(calls, ['a,b\n1,2\n', '{"a":1}\n{"a":2}\n'])
  })

  test('Request bodies: text/plain can be replaced by a custom parser once', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'string' },
      (_request: ArborRequest, body: string | Buffer, done: Done) => {
        done(null, String(body).toUpperCase())
      },
    )
    // replacing the default is allowed once; a second custom parser is a conflict
    assert.throws(
      () =>
        app.addContentTypeParser(
          'text/plain',
          (_request: ArborRequest, _payload: Readable, done: Done) => done(null, ''),
        ),
      (err: Error & { code?: string }) => err.code === 'FST_ERR_CTP_ALREADY_PRESENT',
    )
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: 'shout',
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(calls, ['SHOUT'])
  })

  test('Request bodies: a text body is not read as JSON and a JSON body is not read as text', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const asText = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: '{"a":1}',
    })
    const asJson = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1}',
    })
    assert.deepEqual(asText.json(), { type: 'string', body: '{"a":1}' })
    assert.deepEqual(asJson.json(), { type: 'object', body: { a: 1 } })
    assert.deepEqual(calls, ['{"a":1}', { a: 1 }])
  })
})
