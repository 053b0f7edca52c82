// How a body parse ends, as in Fastify 4.25: `done()` with no arguments, a preParsing stream
// that starts paused, the status of a failing payload stream, and the async context the
// handler runs in.
import assert from 'node:assert/strict'
import { AsyncLocalStorage } from 'node:async_hooks'
import { PassThrough, type Readable } from 'node:stream'
import { describe, test } from 'node:test'
import type { ArborRequest, BodyParser } from '../../src/index.ts'
import arbor from '../../src/index.ts'
import { assertError } from '../helpers/error-payload.ts'
import { listenLocal } from '../helpers/http.ts'

type Done = Parameters<BodyParser>[2]

const post = (contentType: string, payload: string) => ({
  method: 'POST' as const,
  url: '/',
  headers: { 'content-type': contentType },
  payload,
})

describe('content: how a parse ends', () => {
  test('Request bodies: a parser that calls done() with no arguments succeeds, with an undefined body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addContentTypeParser(
      'multipart/form-data',
      (_request: ArborRequest, payload: Readable, done: Done) => {
        payload.resume()
        payload.on('end', () => (done as () => void)())
      },
    )
    app.post('/', async (request) => ({ body: request.body === undefined ? 'none' : request.body }))
    const res = await app.inject(post('multipart/form-data; boundary=x', 'ignored'))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: 'none' })
  })

  test('Request bodies: a stream returned by preParsing that starts paused is resumed by the body reader', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('preParsing', async (_request, _reply, payload) => {
      const copy = new PassThrough()
      copy.pause()
      payload.pipe(copy)
      return copy
    })
    app.post('/', async (request) => request.body)
    const res = await app.inject(post('application/json', '{"paused":true}'))
    assert.deepEqual(res.json(), { paused: true })
  })

  for (const [given, expected] of [
    [undefined, 400],
    [200, 400],
    ['418', 400],
    [413, 413],
    [503, 503],
  ] as const) {
    test(`Request bodies: a payload stream error with statusCode ${String(given)} answers ${expected}`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.addHook('preParsing', async () => {
        const failing = new PassThrough()
        setImmediate(() =>
          failing.destroy(
            Object.assign(new Error('broken stream'), { statusCode: given, code: 'E_STREAM' }),
          ),
        )
        return failing
      })
      app.post('/', async () => 'never')
      const res = await app.inject(post('application/json', '{"a":1}'))
      const payload = assertError(res, expected, 'E_STREAM')
      assert.equal(payload.message, 'broken stream')
    })
  }
})

describe('content: the async context across body parsing', () => {
  test('Request bodies: an AsyncLocalStorage store entered in onRequest is still there in the handler of a POST', async (t) => {
    const storage = new AsyncLocalStorage<{ id: number }>()
    const app = arbor()
    t.after(() => app.close())
    let counter = 0
    app.addHook('onRequest', (_request, _reply, done) => {
      storage.run({ id: counter++ }, done)
    })
    app.post('/', async () => ({ store: storage.getStore() ?? null }))
    app.addContentTypeParser(
      'text/x-stream',
      (_request: ArborRequest, payload: Readable, done: Done) => {
        let text = ''
        payload.on('data', (chunk: Buffer) => (text += chunk))
        payload.on('end', () => done(null, text))
      },
    )
    const port = await listenLocal(app)
    const send = async (type: string, body: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      })
      return res.json()
    }
    assert.deepEqual(await send('application/json', '{"a":1}'), { store: { id: 0 } })
    assert.deepEqual(await send('text/x-stream', 'abc'), { store: { id: 1 } })
  })
})
