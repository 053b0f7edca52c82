import assert from 'node:assert/strict'
import http from 'node:http'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = Record<string, unknown> & { level: number; msg: string }

const invalidCharError = {
  statusCode: 500,
  code: 'ERR_INVALID_CHAR',
  error: 'Internal Server Error',
  message: 'Invalid character in header content ["x-invalid"]',
}

/** GETs / over real HTTP: what a client sees on the wire. */
function get(
  port: number,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      .on('error', reject)
  })
}

for (const hook of ['preSerialization', 'onSend'] as const) {
  test(`an invalid header set in an async ${hook} hook goes through onError, and the answer is a 500`, async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const errors: string[] = []
    app.addHook(
      hook,
      async (
        _request: unknown,
        reply: { header(n: string, v: string): void },
        payload: unknown,
      ) => {
        reply.header('X-Invalid', '\n')
        return payload
      },
    )
    // Once for the handler's reply, once more for the default error handler's answer, which
    // the same hook spoils again (Fastify 5 runs onError twice too).
    app.addHook('onError', async (_request, _reply, err) => {
      errors.push((err as { code: string }).code)
    })
    app.get('/', async () => ({ ok: true }))
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), invalidCharError)
    assert.equal(res.headers['x-invalid'], undefined)
    assert.deepEqual(errors, ['ERR_INVALID_CHAR', 'ERR_INVALID_CHAR'])
  })
}

test('a custom error handler answers an invalid header set by the handler', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.setErrorHandler((err, _request, reply) => {
    reply.removeHeader('x-invalid')
    reply.code(500).send({ caught: (err as { code: string }).code })
  })
  app.get('/', (_request, reply) => {
    reply.header('x-invalid', 'bad\nvalue').send('never')
  })
  const port = await listenLocal(app)
  const res = await get(port)
  assert.equal(res.status, 500)
  assert.deepEqual(JSON.parse(res.body), { caught: 'ERR_INVALID_CHAR' })
})

test('when even the last-resort answer has the invalid header, it goes out without the headers, with a warning', async (t) => {
  const { lines, stream } = captureLogs<Line>()
  const app = arbor({ logger: { level: 'warn', stream } })
  t.after(() => app.close())
  app.get('/', (_request, reply) => {
    reply.header('x-invalid', '\n').send('never')
  })
  const port = await listenLocal(app)
  const res = await get(port)
  assert.equal(res.status, 500)
  assert.deepEqual(JSON.parse(res.body), invalidCharError)
  assert.equal(res.headers['x-invalid'], undefined)
  assert.ok(lines.some((l) => l.level === 40 && l.msg === invalidCharError.message))
})

test('a stream payload with an invalid header is answered as an error before any data, and ended', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  let destroyed = false
  app.get('/', (_request, reply) => {
    const payload = Readable.from(['data'])
    payload.on('close', () => {
      destroyed = true
    })
    reply.header('x-invalid', '\n').send(payload)
  })
  const res = await app.inject('/')
  assert.equal(res.statusCode, 500)
  assert.deepEqual(res.json(), invalidCharError)
  assert.equal(destroyed, true)
})

test('a web stream payload with an invalid header is answered as an error and cancelled', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  let cancelled = false
  app.get('/', (_request, reply) => {
    reply.header('x-invalid', '\n').send(
      new ReadableStream({
        cancel: () => {
          cancelled = true
        },
      }),
    )
  })
  const res = await app.inject('/')
  assert.equal(res.statusCode, 500)
  assert.deepEqual(res.json(), invalidCharError)
  assert.equal(cancelled, true)
})
