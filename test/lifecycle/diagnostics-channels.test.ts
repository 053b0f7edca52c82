// Fastify 5's diagnostics channels: `tracing:fastify.request.handler:*` around the route
// handler, and `fastify.initialization` when an app is created (Fastify 4.25 has that one too).
import assert from 'node:assert/strict'
import diagnostics from 'node:diagnostics_channel'
import { type TestContext, test } from 'node:test'
import arbor from '../../src/index.ts'

type Event = { name: string; message: Record<string, unknown> }
const names = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const

/** Subscribes to every handler event for the test's duration; returns what arrives. */
function recordHandlerEvents(t: TestContext): Event[] {
  const events: Event[] = []
  for (const name of names) {
    const channel = `tracing:fastify.request.handler:${name}`
    const listener = (message: unknown) => {
      events.push({ name, message: message as Record<string, unknown> })
    }
    diagnostics.subscribe(channel, listener)
    t.after(() => diagnostics.unsubscribe(channel, listener))
  }
  return events
}

test('a sync handler is traced by start and end, one message with request, reply and route', async (t) => {
  const events = recordHandlerEvents(t)
  const app = arbor()
  t.after(() => app.close())
  app.get('/items/:id', (_request, reply) => {
    reply.send({ ok: true })
  })
  const res = await app.inject('/items/1')
  assert.deepEqual(res.json(), { ok: true })
  assert.deepEqual(
    events.map((e) => e.name),
    ['start', 'end'],
  )
  const [start, end] = events
  assert.equal(start!.message, end!.message)
  assert.deepEqual(start!.message.route, { url: '/items/:id', method: 'GET' })
  assert.equal(start!.message.async, false)
  const reply = start!.message.reply as { request: unknown }
  assert.equal(reply.request, start!.message.request)
})

test('an async handler is traced by start, end, asyncStart, asyncEnd', async (t) => {
  const events = recordHandlerEvents(t)
  const app = arbor()
  t.after(() => app.close())
  app.get('/', async () => ({ ok: true }))
  const res = await app.inject('/')
  assert.equal(res.statusCode, 200)
  assert.deepEqual(
    events.map((e) => e.name),
    ['start', 'end', 'asyncStart', 'asyncEnd'],
  )
  assert.equal(events[0]!.message.async, true)
})

test("the error event carries the error and a reply with the error's statusCode", async (t) => {
  const events = recordHandlerEvents(t)
  const app = arbor()
  t.after(() => app.close())
  const failure = Object.assign(new Error('unavailable'), { statusCode: 503 })
  let statusSeen: unknown
  const listener = (message: unknown) => {
    statusSeen = (message as { reply: { statusCode: number } }).reply.statusCode
  }
  diagnostics.subscribe('tracing:fastify.request.handler:error', listener)
  t.after(() => diagnostics.unsubscribe('tracing:fastify.request.handler:error', listener))
  app.get('/', () => {
    throw failure
  })
  const res = await app.inject('/')
  assert.equal(res.statusCode, 503)
  assert.equal(statusSeen, 503)
  assert.deepEqual(
    events.map((e) => e.name),
    ['start', 'error', 'end'],
  )
  assert.equal(events[1]!.message.error, failure)
})

test('a rejection publishes error before asyncStart; `status` gives the status, else 500', async (t) => {
  const events = recordHandlerEvents(t)
  const app = arbor()
  t.after(() => app.close())
  const statuses: number[] = []
  const listener = (message: unknown) => {
    statuses.push((message as { reply: { statusCode: number } }).reply.statusCode)
  }
  diagnostics.subscribe('tracing:fastify.request.handler:error', listener)
  t.after(() => diagnostics.unsubscribe('tracing:fastify.request.handler:error', listener))
  app.get('/teapot', () => Promise.reject(Object.assign(new Error('tea'), { status: 418 })))
  app.get('/plain', async () => {
    throw new Error('plain')
  })
  assert.equal((await app.inject('/teapot')).statusCode, 418)
  assert.equal((await app.inject('/plain')).statusCode, 500)
  assert.deepEqual(statuses, [418, 500])
  assert.deepEqual(
    events.slice(0, 5).map((e) => e.name),
    ['start', 'end', 'error', 'asyncStart', 'asyncEnd'],
  )
})

test('the error event comes before a custom error handler, which may still change the status', async (t) => {
  recordHandlerEvents(t)
  const app = arbor()
  t.after(() => app.close())
  let statusSeen: unknown
  const listener = (message: unknown) => {
    statusSeen = (message as { reply: { statusCode: number } }).reply.statusCode
  }
  diagnostics.subscribe('tracing:fastify.request.handler:error', listener)
  t.after(() => diagnostics.unsubscribe('tracing:fastify.request.handler:error', listener))
  app.setErrorHandler((error, _request, reply) => {
    reply.code(503).send({ error: error.message })
  })
  app.get('/', async () => {
    throw new Error('handler error')
  })
  const res = await app.inject('/')
  assert.equal(res.statusCode, 503)
  assert.equal(statusSeen, 500)
})

test('an error passed on by a preHandler hook is published on the error channel', async (t) => {
  const events = recordHandlerEvents(t)
  const app = arbor()
  t.after(() => app.close())
  app.addHook('preHandler', (_request, _reply, done) => {
    done(Object.assign(new Error('denied'), { statusCode: 403 }))
  })
  let ran = false
  app.get('/', () => {
    ran = true
    return 'never'
  })
  const res = await app.inject('/')
  assert.equal(res.statusCode, 403)
  assert.equal(ran, false)
  assert.deepEqual(
    events.map((e) => e.name),
    ['start', 'error', 'end'],
  )
})

test('not-found handlers are not traced; a route that calls callNotFound is, once', async (t) => {
  const events = recordHandlerEvents(t)
  const app = arbor()
  t.after(() => app.close())
  app.get('/', (_request, reply) => {
    reply.callNotFound()
  })
  assert.equal((await app.inject('/nowhere')).statusCode, 404)
  assert.equal(events.length, 0)
  assert.equal((await app.inject('/')).statusCode, 404)
  assert.deepEqual(
    events.map((e) => e.name),
    ['start', 'end'],
  )
})

test('without subscribers nothing is published and handlers run as usual', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.get('/', async () => ({ ok: true }))
  const events: Event[] = []
  {
    const listener = (message: unknown) => {
      events.push({ name: 'start', message: message as Record<string, unknown> })
    }
    diagnostics.subscribe('tracing:fastify.request.handler:start', listener)
    diagnostics.unsubscribe('tracing:fastify.request.handler:start', listener)
  }
  assert.equal(diagnostics.tracingChannel('fastify.request.handler').hasSubscribers, false)
  assert.deepEqual((await app.inject('/')).json(), { ok: true })
  assert.deepEqual(events, [])
})

test('fastify.initialization publishes each new app, in both lines', (t) => {
  const seen: unknown[] = []
  const listener = (message: unknown) => {
    seen.push((message as { fastify: unknown }).fastify)
  }
  diagnostics.subscribe('fastify.initialization', listener)
  t.after(() => diagnostics.unsubscribe('fastify.initialization', listener))
  const four = arbor()
  const five = arbor({ fastifyLine: 5 })
  assert.deepEqual(seen, [four, five])
})
