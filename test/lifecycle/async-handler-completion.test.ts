import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = { level: number; msg: string; err?: { code?: string; message?: string } }

/** The log lines other than the two request lines. */
function notable(lines: Line[]): Array<[number, string, string | undefined]> {
  return lines
    .filter((l) => l.msg !== 'incoming request' && l.msg !== 'request completed')
    .map((l) => [l.level, l.msg, l.err?.code])
}

describe('what an async handler’s promise becomes (Fastify’s wrapThenable)', () => {
  test('POST with a body to an async handler resolving undefined: an empty 200, over real HTTP (it must not hang)', {
    timeout: 10_000,
  }, async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/bug', async () => {})
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/bug`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ foo: 'bar' }),
    })
    assert.equal(res.status, 200)
    assert.equal(await res.text(), '')
  })

  test('a value returned after reply.send goes through reply.send: its FST_ERR_REP_ALREADY_SENT warning, the first payload kept', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/async', async (_request, reply) => {
      reply.send('first')
      return 'second'
    })
    app.get('/sync', (_request, reply) => {
      reply.send('first')
      return 'second'
    })
    for (const url of ['/async', '/sync']) {
      lines.length = 0
      const res = await app.inject(url)
      assert.equal(res.body, 'first')
      assert.deepEqual(notable(lines), [
        [
          40,
          `Reply was already sent, did you forget to "return reply" in "${url}" (GET)?`,
          'FST_ERR_REP_ALREADY_SENT',
        ],
      ])
    }
  })

  test('a rejection after the reply was sent is logged: "Promise errored, but reply.sent = true was set"', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      reply.send('first')
      throw new Error('late')
    })
    const res = await app.inject('/')
    assert.equal(res.body, 'first')
    const line = lines.find((l) => l.level === 50)
    assert.equal(line?.msg, 'Promise errored, but reply.sent = true was set')
    assert.equal(line?.err?.message, 'late')
  })

  test('return reply after sending: nothing more is sent or logged', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', async (_request, reply) => reply.code(201).send({ once: true }))
    const res = await app.inject('/')
    assert.equal(res.statusCode, 201)
    assert.deepEqual(notable(lines), [])
  })

  test('an async error handler resolving a value has it sent; one that resolves undefined without sending does not hang', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (child) => {
      child.setErrorHandler(async (error, _request, reply) => {
        reply.code(400)
        return { handled: error.message }
      })
      child.get('/value', async () => {
        throw new Error('v')
      })
    })
    app.register(async (child) => {
      child.setErrorHandler(async (_error, _request, reply) => {
        reply.code(409)
      })
      child.get('/nothing', async () => {
        throw new Error('n')
      })
    })
    const value = await app.inject('/value')
    assert.equal(value.statusCode, 400)
    assert.deepEqual(value.json(), { handled: 'v' })
    const nothing = await app.inject('/nothing')
    assert.equal(nothing.statusCode, 409)
    assert.equal(nothing.body, '')
  })
})
