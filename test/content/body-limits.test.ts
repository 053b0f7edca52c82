import assert from 'node:assert/strict'
import { type IncomingMessage, request } from 'node:http'
import type { Readable } from 'node:stream'
import { describe, test } from 'node:test'
import { createGunzip, gzipSync } from 'node:zlib'
import type { ArborReply, ArborRequest, BodyParser } from '../../src/index.ts'
import arbor from '../../src/index.ts'
import { assertError } from '../helpers/error-payload.ts'
import { listenLocal } from '../helpers/http.ts'

type Done = Parameters<BodyParser>[2]

type Options = Parameters<typeof arbor>[0]

/** An app whose POST / handler records the length of every body it receives. */
function recordingApp(options?: Options) {
  const app = arbor(options)
  const calls: number[] = []
  app.post('/', async (request) => {
    calls.push(JSON.stringify(request.body).length)
    return { ok: true }
  })
  return { app, calls }
}

/** A JSON document of exactly `bytes` bytes. */
function jsonOfSize(bytes: number): string {
  const doc = `{"s":"${'a'.repeat(bytes - 8)}"}`
  assert.equal(Buffer.byteLength(doc), bytes)
  return doc
}

function postJson(payload: string | Buffer, headers: Record<string, string> = {}) {
  return {
    method: 'POST' as const,
    url: '/',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  }
}

function readResponse(response: IncomingMessage): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    let body = ''
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => (body += chunk))
    response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }))
    response.on('error', reject)
  })
}

/**
 * POSTs over real HTTP, writing `chunks` one by one. With `end: false` the request is left
 * open: the promise then settles only if the server answers before the body is complete.
 */
function streamPost(
  port: number,
  headers: Record<string, string | number>,
  chunks: (string | Buffer)[],
  end = true,
): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/', headers },
      (response) => {
        readResponse(response).then((res) => {
          req.destroy()
          resolve(res)
        }, reject)
      },
    )
    req.on('error', reject)
    req.flushHeaders()
    for (const chunk of chunks) req.write(chunk)
    if (end) req.end()
  })
}

describe('content: body limits', () => {
  test('Request bodies: the default bodyLimit is 1 MiB, inclusive', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    assert.equal((await app.inject(postJson(jsonOfSize(1_048_576)))).statusCode, 200)
    assertError(
      await app.inject(postJson(jsonOfSize(1_048_577))),
      413,
      'FST_ERR_CTP_BODY_TOO_LARGE',
    )
    assert.deepEqual(calls, [1_048_576])
  })

  test('Request bodies: a body of exactly the instance bodyLimit is accepted, one byte more is refused', async (t) => {
    const { app, calls } = recordingApp({ bodyLimit: 100 })
    t.after(() => app.close())
    assert.equal((await app.inject(postJson(jsonOfSize(100)))).statusCode, 200)
    const payload = assertError(
      await app.inject(postJson(jsonOfSize(101))),
      413,
      'FST_ERR_CTP_BODY_TOO_LARGE',
    )
    assert.equal(payload.message, 'Request body is too large')
    assert.deepEqual(calls, [100])
  })

  test('Request bodies: the limit counts bytes, not characters', async (t) => {
    const app = arbor({ bodyLimit: 100 })
    t.after(() => app.close())
    const calls: unknown[] = []
    app.post('/', async (request) => {
      calls.push(request.body)
      return { ok: true }
    })
    const text = (n: number) => ({
      method: 'POST' as const,
      url: '/',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      payload: 'é'.repeat(n),
    })
    assert.equal((await app.inject(text(50))).statusCode, 200) // 50 characters, 100 bytes
    assertError(await app.inject(text(51)), 413, 'FST_ERR_CTP_BODY_TOO_LARGE') // 51 characters, 102 bytes
    assert.deepEqual(calls, ['é'.repeat(50)])
  })

  test('Request bodies: a route bodyLimit overrides the instance limit, both ways', async (t) => {
    const app = arbor({ bodyLimit: 100 })
    t.after(() => app.close())
    const calls: string[] = []
    app.post('/small', { bodyLimit: 10 }, async () => {
      calls.push('small')
      return {}
    })
    app.post('/large', { bodyLimit: 200 }, async () => {
      calls.push('large')
      return {}
    })
    const at = (url: string, bytes: number) => app.inject({ ...postJson(jsonOfSize(bytes)), url })
    assert.equal((await at('/small', 10)).statusCode, 200)
    assertError(await at('/small', 11), 413, 'FST_ERR_CTP_BODY_TOO_LARGE')
    assert.equal((await at('/large', 200)).statusCode, 200)
    assertError(await at('/large', 201), 413, 'FST_ERR_CTP_BODY_TOO_LARGE')
    assert.deepEqual(calls, ['small', 'large'])
  })

  test('Request bodies: a parser bodyLimit applies to its content type', async (t) => {
    const { app, calls } = recordingApp({ bodyLimit: 100 })
    t.after(() => app.close())
    app.addContentTypeParser(
      'text/x-tiny',
      { parseAs: 'string', bodyLimit: 5 },
      (_request: ArborRequest, body: string | Buffer, done: Done) => done(null, body),
    )
    app.addContentTypeParser(
      'text/x-inherit',
      { parseAs: 'buffer' },
      (_request: ArborRequest, body: string | Buffer, done: Done) => done(null, String(body)),
    )
    const send = (type: string, size: number) =>
      app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': type },
        payload: 'x'.repeat(size),
      })
    assert.equal((await send('text/x-tiny', 5)).statusCode, 200)
    assertError(await send('text/x-tiny', 6), 413, 'FST_ERR_CTP_BODY_TOO_LARGE')
    // without its own bodyLimit, a custom parser gets the instance's
    assert.equal((await send('text/x-inherit', 100)).statusCode, 200)
    assertError(await send('text/x-inherit', 101), 413, 'FST_ERR_CTP_BODY_TOO_LARGE')
    // the default parsers keep the instance limit
    assert.equal((await send('text/plain', 100)).statusCode, 200)
    assert.deepEqual(calls, [7, 102, 102])
  })

  test('Request bodies: a route bodyLimit takes precedence over a parser bodyLimit', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addContentTypeParser(
      'text/x-tiny',
      { parseAs: 'string', bodyLimit: 5 },
      (_request: ArborRequest, body: string | Buffer, done: Done) => done(null, body),
    )
    const calls: unknown[] = []
    app.post('/', { bodyLimit: 20 }, async (request) => {
      calls.push(request.body)
      return {}
    })
    const send = (size: number) =>
      app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'text/x-tiny' },
        payload: 'y'.repeat(size),
      })
    assert.equal((await send(20)).statusCode, 200)
    assertError(await send(21), 413, 'FST_ERR_CTP_BODY_TOO_LARGE')
    assert.deepEqual(calls, ['y'.repeat(20)])
  })

  test('Request bodies: a declared Content-Length over the limit is refused before the body is sent', {
    timeout: 10_000,
  }, async (t) => {
    const { app, calls } = recordingApp({ bodyLimit: 100 })
    t.after(() => app.close())
    const port = await listenLocal(app)
    // headers only: the 413 must come back although not one byte of the body was written
    const res = await streamPost(
      port,
      { 'content-type': 'application/json', 'content-length': 1000 },
      [],
      false,
    )
    assertError(res, 413, 'FST_ERR_CTP_BODY_TOO_LARGE')
    assert.deepEqual(calls, [])
  })

  test('Request bodies: a chunked body within the limit is read whole', {
    timeout: 10_000,
  }, async (t) => {
    const { app, calls } = recordingApp({ bodyLimit: 100 })
    t.after(() => app.close())
    const port = await listenLocal(app)
    const doc = jsonOfSize(100)
    const res = await streamPost(
      port,
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      [doc.slice(0, 33), doc.slice(33, 70), doc.slice(70)],
    )
    assert.equal(res.statusCode, 200)
    assert.deepEqual(calls, [100])
  })

  test('Request bodies: a chunked body is cut off as soon as it crosses the limit', {
    timeout: 10_000,
  }, async (t) => {
    const { app, calls } = recordingApp({ bodyLimit: 100 })
    t.after(() => app.close())
    const port = await listenLocal(app)
    // 101 bytes and the request left open: the 413 has to come before the body ends
    const res = await streamPost(
      port,
      { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      ['a'.repeat(60), 'b'.repeat(41)],
      false,
    )
    assertError(res, 413, 'FST_ERR_CTP_BODY_TOO_LARGE')
    assert.deepEqual(calls, [])
    // the server is still serving
    const after = await streamPost(port, { 'content-type': 'application/json' }, [jsonOfSize(50)])
    assert.equal(after.statusCode, 200)
    assert.deepEqual(calls, [50])
  })

  test('Request bodies: a Content-Length that does not match the body gets 400 FST_ERR_CTP_INVALID_CONTENT_LENGTH', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const declared of ['20', '3']) {
      const res = await app.inject(postJson('{"a":1}', { 'content-length': declared }))
      const payload = assertError(res, 400, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH')
      assert.equal(payload.message, 'Request body size did not match Content-Length')
    }
    assert.deepEqual(calls, [])
  })
})

describe('content: preParsing and the body limit', () => {
  /** Decompresses gzip bodies, as Fastify documents: the stream reports the bytes received. */
  function gunzipApp(options?: Options) {
    const { app, calls } = recordingApp(options)
    app.addHook(
      'preParsing',
      async (request: ArborRequest, _reply: ArborReply, payload: Readable) => {
        if (request.headers['content-encoding'] !== 'gzip') return payload
        const gunzip = Object.assign(createGunzip(), { receivedEncodedLength: 0 })
        payload.on('data', (chunk: Buffer) => (gunzip.receivedEncodedLength += chunk.length))
        payload.pipe(gunzip)
        return gunzip
      },
    )
    return { app, calls }
  }

  test('Request bodies: a preParsing hook that gunzips hands the parser the decompressed body', async (t) => {
    const { app, calls } = gunzipApp()
    t.after(() => app.close())
    const doc = jsonOfSize(5000)
    const res = await app.inject(postJson(gzipSync(doc), { 'content-encoding': 'gzip' }))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(calls, [5000])
  })

  test('Request bodies: the limit applies to the decompressed body, inclusive', async (t) => {
    const { app, calls } = gunzipApp({ bodyLimit: 10_000 })
    t.after(() => app.close())
    const atLimit = gzipSync(jsonOfSize(10_000))
    const overLimit = gzipSync(jsonOfSize(10_001))
    assert.ok(overLimit.length < 1000, 'the compressed body is far under the limit')
    assert.equal(
      (await app.inject(postJson(atLimit, { 'content-encoding': 'gzip' }))).statusCode,
      200,
    )
    assertError(
      await app.inject(postJson(overLimit, { 'content-encoding': 'gzip' })),
      413,
      'FST_ERR_CTP_BODY_TOO_LARGE',
    )
    assert.deepEqual(calls, [10_000])
  })

  test('Request bodies: a gzip bomb is refused once its decompressed size crosses the limit', async (t) => {
    const { app, calls } = gunzipApp({ bodyLimit: 10_000 })
    t.after(() => app.close())
    const bomb = gzipSync(jsonOfSize(50_000_000))
    assert.ok(bomb.length < 100_000)
    assertError(
      await app.inject(postJson(bomb, { 'content-encoding': 'gzip' })),
      413,
      'FST_ERR_CTP_BODY_TOO_LARGE',
    )
    assert.deepEqual(calls, [])
  })

  test('Request bodies: a gzip body over chunked HTTP is decompressed and limited', {
    timeout: 10_000,
  }, async (t) => {
    const { app, calls } = gunzipApp({ bodyLimit: 1000 })
    t.after(() => app.close())
    const port = await listenLocal(app)
    const headers = {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'transfer-encoding': 'chunked',
    }
    const small = gzipSync(jsonOfSize(1000))
    const ok = await streamPost(port, headers, [small.subarray(0, 10), small.subarray(10)])
    assert.equal(ok.statusCode, 200)
    const big = gzipSync(jsonOfSize(1001))
    assertError(await streamPost(port, headers, [big]), 413, 'FST_ERR_CTP_BODY_TOO_LARGE')
    assert.deepEqual(calls, [1000])
  })

  test('Request bodies: a corrupt gzip body takes the error path with 400', async (t) => {
    const { app, calls } = gunzipApp()
    t.after(() => app.close())
    const res = await app.inject(
      postJson(Buffer.from('definitely not gzip'), { 'content-encoding': 'gzip' }),
    )
    // the stream error keeps its own code and gets status 400
    const payload = assertError(res, 400, 'Z_DATA_ERROR')
    assert.equal(payload.message, 'incorrect header check')
    assert.deepEqual(calls, [])
  })
})
