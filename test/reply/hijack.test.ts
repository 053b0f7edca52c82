import assert from 'node:assert/strict'
import net from 'node:net'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = Record<string, unknown> & { level: number; msg: string }

/** Sends a raw GET and resolves with everything the server wrote before closing. */
function rawGet(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: '127.0.0.1', port }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    })
    let data = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      data += chunk
    })
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('reply.hijack()', () => {
  test('ending reply.raw by hand: onResponse runs and "request completed" is logged, no warning', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    let onResponse = 0
    app.addHook('onResponse', async () => {
      onResponse++
    })
    app.get('/', (_request, reply) => {
      reply.hijack()
      reply.raw.end('by hand')
    })
    const res = await app.inject('/')
    assert.equal(res.body, 'by hand')
    assert.equal(onResponse, 1)
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['incoming request', 'request completed'],
    )
  })

  test('writing on the socket and closing it: no onResponse, no onRequestAbort, no abort line', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    const hooks: string[] = []
    app.addHook('onResponse', async () => {
      hooks.push('onResponse')
    })
    app.addHook('onRequestAbort', async (_request) => {
      hooks.push('onRequestAbort')
    })
    app.get('/', (request, reply) => {
      reply.hijack()
      const socket = request.raw.socket
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nsocket')
      socket.end()
    })
    const port = await listenLocal(app)
    const raw = await rawGet(port, '/')
    await settle()
    assert.match(raw, /socket$/)
    assert.deepEqual(hooks, [])
    assert.deepEqual(
      lines.filter((l) => l.reqId !== undefined).map((l) => l.msg),
      ['incoming request'],
    )
  })

  test('a send after hijack() is a warning with FST_ERR_REP_ALREADY_SENT', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.hijack()
      reply.send('ignored')
      reply.raw.end('by hand')
    })
    const res = await app.inject('/')
    assert.equal(res.body, 'by hand')
    const warnings = lines.filter((l) => l.level === 40)
    assert.equal(warnings.length, 1)
    assert.equal(
      (warnings[0]?.err as { code?: string } | undefined)?.code,
      'FST_ERR_REP_ALREADY_SENT',
    )
    assert.ok(lines.every((l) => l.level < 50))
  })

  test('a throw from the handler after hijack() is a warning with FST_ERR_REP_ALREADY_SENT, not an error', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.hijack()
      reply.raw.end('by hand')
      throw new Error('too late')
    })
    await app.inject('/')
    const warnings = lines.filter((l) => l.level === 40)
    assert.equal(warnings.length, 1)
    const err = warnings[0]?.err as { code?: string } | undefined
    assert.equal(err?.code, 'FST_ERR_REP_ALREADY_SENT')
    assert.ok(lines.every((l) => l.level < 50))
  })

  test('a hook that hijacks and then throws: the rest of the chain is skipped and nothing is logged', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    let handlerRan = false
    app.addHook('preHandler', async (_request, reply) => {
      reply.hijack()
      reply.raw.end('from the hook')
      throw new Error('ignored')
    })
    app.get('/', () => {
      handlerRan = true
    })
    const res = await app.inject('/')
    await settle()
    assert.equal(res.body, 'from the hook')
    assert.equal(handlerRan, false)
    assert.ok(lines.every((l) => l.level < 40))
  })

  test('an async handler rejecting after reply.sent = true logs "Promise errored, but reply.sent = true was set"', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.sent = true
      reply.raw.end('hello world')
      return Promise.reject(new Error('kaboom'))
    })
    const res = await app.inject('/')
    await settle()
    assert.equal(res.body, 'hello world')
    const errors = lines.filter((l) => l.level === 50)
    assert.equal(errors.length, 1)
    assert.equal(errors[0]?.msg, 'Promise errored, but reply.sent = true was set')
    assert.equal((errors[0]?.err as { message?: string } | undefined)?.message, 'kaboom')
  })
})
