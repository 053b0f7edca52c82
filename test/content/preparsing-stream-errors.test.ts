// A stream returned by preParsing that fails (a decoder on a body it cannot decode) is
// answered as in Fastify 4.25 and 5: a 400 with the stream's error, unless the error carries a
// status of its own; also when piping the request into it destroyed the request as it failed,
// which node:stream's pipeline (and @fastify/compress's decompressor) does.
import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { pipeline, Transform } from 'node:stream'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

/** An app whose preParsing pipes the request into a decoder that fails on its first chunk. */
function decoderApp(decoderError: () => Error) {
  const app = arbor()
  const log: string[] = []
  app.addHook('preParsing', async (_request, _reply, payload) => {
    const decoder = new Transform({
      transform(_chunk, _encoding, callback) {
        // fails a moment later, as zlib does: the body reader is listening by then
        setImmediate(() => callback(decoderError()))
      },
    })
    pipeline(payload, decoder, () => {})
    return decoder
  })
  app.addHook('onError', async () => {
    log.push('onError')
  })
  app.addHook('onResponse', async () => {
    log.push('onResponse')
  })
  app.post('/', async (request) => request.body)
  return { app, log }
}

/** POSTs the first half of a body, and leaves once the answer has come. */
function postHalf(port: number, part: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/json', 'content-length': part.length * 2 },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => {
          req.destroy() // the rest of the body is never sent
          resolve({ status: res.statusCode ?? 0, body })
        })
      },
    )
    req.on('error', reject)
    req.write(part)
  })
}

const decodeFailure = () => new Error('cannot decode this body')
const expected = { statusCode: 400, error: 'Bad Request', message: 'cannot decode this body' }

describe('a stream from preParsing that fails', { timeout: 10_000 }, () => {
  test('inject: a 400 with the stream’s error; onError and onResponse run', async (t) => {
    const { app, log } = decoderApp(decodeFailure)
    t.after(() => app.close())
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), expected)
    assert.deepEqual(log, ['onError', 'onResponse'])
  })

  test('over real HTTP: the request the pipeline destroyed is still answered with the 400', async (t) => {
    const { app, log } = decoderApp(decodeFailure)
    t.after(() => app.close())
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    })
    assert.equal(res.status, 400)
    assert.deepEqual(await res.json(), expected)
    assert.deepEqual(log.slice(0, 1), ['onError'])
  })

  test('over real HTTP, mid-body: the answer goes out before the client has sent the rest', async (t) => {
    const { app } = decoderApp(decodeFailure)
    t.after(() => app.close())
    const port = await listenLocal(app)
    const res = await postHalf(port, `{"a":"${'x'.repeat(2000)}`)
    assert.equal(res.status, 400)
    assert.deepEqual(JSON.parse(res.body), expected)
  })

  test('an error with a status of its own keeps it', async (t) => {
    const { app } = decoderApp(() =>
      Object.assign(new Error('unsupported coding'), { statusCode: 415, code: 'E_CODING' }),
    )
    t.after(() => app.close())
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    })
    assert.equal(res.status, 415)
    assert.deepEqual(await res.json(), {
      statusCode: 415,
      code: 'E_CODING',
      error: 'Unsupported Media Type',
      message: 'unsupported coding',
    })
  })
})
