// Application faults, one at a time over real sockets (issue 27): handlers that throw, reject,
// send twice or hang until the client goes away; clients that go away mid-body and
// mid-response. Each request ends once (onResponse or onRequestAbort, never both, never twice),
// its connection is released, and nothing is left running. app-faults-load.test.ts runs them
// together under load; app-faults-backpressure.test.ts covers slow readers.
import assert from 'node:assert/strict'
import { Agent } from 'node:http'
import { Readable, Transform } from 'node:stream'
import { afterEach, beforeEach, test } from 'node:test'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'
import {
  abortMidBody,
  abortMidResponse,
  abortWhileHandled,
  closed,
  connectionCount,
  eventually,
  open,
  send,
} from './app-faults-clients.ts'

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
beforeEach(() => {
  unhandled.length = 0
  process.on('unhandledRejection', onUnhandled)
})
afterEach(() => {
  process.removeListener('unhandledRejection', onUnhandled)
  assert.deepEqual(unhandled, [], 'no unhandled rejection')
})

interface LogLine {
  level: number
  msg: string
  reqId?: string
  err?: { code?: string; message?: string }
}

/** An app that counts, per request id, how each request ended. */
function faultyApp() {
  const logs = captureLogs<LogLine>()
  const app = arbor({ logger: { level: 'info', stream: logs.stream } })
  const ends = new Map<string, string[]>()
  const end = (id: string, how: string) => ends.set(id, [...(ends.get(id) ?? []), how])
  app.addHook('onResponse', async (request) => end(request.id, 'response'))
  app.addHook('onRequestAbort', async (request) => end(request.id, 'abort'))
  return { app, logs, ends }
}

test('a throwing and a rejecting handler are answered 500 once, on a connection that stays usable', {
  timeout: 10_000,
}, async (t) => {
  const { app, ends } = faultyApp()
  app.get('/throw', () => {
    throw new Error('thrown')
  })
  app.get('/reject', async () => {
    throw new Error('rejected')
  })
  app.get('/ok', async () => ({ ok: true }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => app.close())
  const port = (app.server.address() as { port: number }).port
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  t.after(() => agent.destroy())

  for (const path of ['/throw', '/reject', '/ok']) {
    const answer = await send(agent, port, path)
    assert.equal(answer.status, path === '/ok' ? 200 : 500, path)
  }
  assert.equal(await connectionCount(app.server), 1, 'one kept-alive connection served all three')
  assert.equal(await eventually(() => ends.size === 3), true)
  assert.deepEqual([...ends.values()], [['response'], ['response'], ['response']])
})

test('send twice: one response on the wire, the second send logged FST_ERR_REP_ALREADY_SENT', {
  timeout: 10_000,
}, async (t) => {
  const { app, logs, ends } = faultyApp()
  app.get('/twice', (_request, reply) => {
    reply.send({ first: true })
    reply.send({ second: true })
  })
  app.get('/twice-async', async (_request, reply) => {
    reply.send({ first: true })
    return { second: true }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => app.close())
  const port = (app.server.address() as { port: number }).port

  const socket = await open(port)
  t.after(() => socket.destroy())
  let text = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (text += chunk))
  socket.write('GET /twice HTTP/1.1\r\nHost: localhost\r\n\r\n')
  socket.write('GET /twice-async HTTP/1.1\r\nHost: localhost\r\n\r\n')
  assert.equal(await eventually(() => ends.size === 2), true)
  // a third request on the same connection proves nothing else was written in between
  socket.write('GET /twice HTTP/1.1\r\nHost: localhost\r\n\r\n')
  assert.equal(await eventually(() => ends.size === 3), true)
  await new Promise((resolve) => setTimeout(resolve, 20))
  assert.equal(text.match(/HTTP\/1\.1 /g)?.length, 3, text)
  assert.equal(text.match(/\{"first":true\}/g)?.length, 3)
  assert.equal(text.includes('second'), false)
  const warned = logs.lines.filter((line) => line.err?.code === 'FST_ERR_REP_ALREADY_SENT')
  assert.equal(warned.length, 3)
  assert.deepEqual(new Set(warned.map((line) => line.level)), new Set([40]))
  assert.deepEqual([...ends.values()], [['response'], ['response'], ['response']])
})

test('a handler that hangs until the client goes away: onRequestAbort once, the late answer dropped', {
  timeout: 10_000,
}, async (t) => {
  const { app, logs, ends } = faultyApp()
  let started!: () => void
  const handling = new Promise<void>((resolve) => (started = resolve))
  let settledLate = false
  app.get('/hang', (request) => {
    started()
    return new Promise((resolve) =>
      request.raw.once('close', () => {
        settledLate = true
        resolve({ late: true })
      }),
    )
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => app.close())
  const port = (app.server.address() as { port: number }).port

  await abortWhileHandled(port, '/hang', handling)
  assert.equal(await eventually(() => ends.size === 1 && settledLate), true)
  await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual([...ends.values()], [['abort']])
  assert.equal(await connectionCount(app.server), 0)
  assert.deepEqual(
    logs.lines.filter((line) => line.level >= 50),
    [],
    'the late value is no error',
  )
})

for (const through of ['the request', 'a preParsing stream']) {
  test(`a client gone mid-body (read through ${through}): onRequestAbort once, no handler`, {
    timeout: 10_000,
  }, async (t) => {
    const { app, ends } = faultyApp()
    let handled = 0
    let arrived!: () => void
    const reading = new Promise<void>((resolve) => (arrived = resolve))
    if (through !== 'the request') {
      app.addHook('preParsing', async (_request, _reply, payload) =>
        payload.pipe(new Transform({ transform: (chunk, _enc, done) => done(null, chunk) })),
      )
    }
    app.addHook('preValidation', async () => {
      handled++
    })
    app.post('/items', async (request) => {
      handled++
      return request.body
    })
    app.addHook('onRequest', async () => arrived())
    await app.listen({ port: 0, host: '127.0.0.1' })
    t.after(() => app.close())
    const port = (app.server.address() as { port: number }).port

    await abortMidBody(port, '/items', 100_000, 2_000, reading)
    assert.equal(await eventually(() => ends.size === 1), true)
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.deepEqual([...ends.values()], [['abort']])
    assert.equal(handled, 0, 'nothing after the body ran')
    assert.equal(await connectionCount(app.server), 0)
  })
}

test('a client gone mid-response: the stream payload is destroyed, onRequestAbort once', {
  timeout: 10_000,
}, async (t) => {
  const { app, ends } = faultyApp()
  let source: Readable | undefined
  app.get('/stream', (_request, reply) => {
    // endless: only the client going away ends it
    source = new Readable({ read: () => source!.push(Buffer.alloc(16 * 1024, 97)) })
    return reply.type('application/octet-stream').send(source)
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => app.close())
  const port = (app.server.address() as { port: number }).port

  await abortMidResponse(port, '/stream')
  assert.equal(await eventually(() => source?.destroyed === true && ends.size === 1), true)
  assert.deepEqual([...ends.values()], [['abort']])
  assert.equal(await connectionCount(app.server), 0)
})

test('onTimeout hooks: one timeout listener per connection, however many requests are pipelined', {
  timeout: 10_000,
}, async (t) => {
  const app = arbor({ connectionTimeout: 60_000 })
  const warnings: Error[] = []
  const onWarning = (warning: Error) => warnings.push(warning)
  process.on('warning', onWarning)
  t.after(() => process.removeListener('warning', onWarning))
  let socketOf: NodeJS.EventEmitter | undefined
  app.addHook('onTimeout', async () => {})
  app.get('/ok', (request, reply) => {
    socketOf = request.raw.socket
    // the answers wait for each other, so all of them are in flight at once
    setImmediate(() => reply.send({ ok: true }))
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => app.close())
  const port = (app.server.address() as { port: number }).port

  const socket = await open(port)
  t.after(() => socket.destroy())
  let text = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (text += chunk))
  const before = await send(new Agent({ keepAlive: false }), port, '/ok')
  assert.equal(before.status, 200)
  const baseline = socketOf!.listenerCount('timeout')
  socket.write('GET /ok HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(30))
  assert.equal(await eventually(() => text.split('HTTP/1.1 200').length - 1 === 30), true)
  await new Promise((resolve) => setImmediate(resolve))
  // node's own timeout listener, and arbor's one for the connection
  assert.ok(socketOf!.listenerCount('timeout') <= Math.max(baseline, 2))
  assert.deepEqual(
    warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning'),
    [],
  )
  socket.destroy()
  await closed(socket)
})
