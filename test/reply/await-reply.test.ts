import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'

describe('await reply (the reply is thenable)', () => {
  test('an async handler that sends later from a callback and awaits the reply: one response, no error logged', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      setImmediate(() => reply.send({ hello: 'world' }))
      await reply
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { hello: 'world' })
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['incoming request', 'request completed'],
    )
  })

  test('an error sent later while the handler awaits the reply goes through the error handler', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      setImmediate(() => reply.send(new Error('kaboom')))
      await reply
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.equal(res.json().message, 'kaboom')
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['incoming request', 'kaboom', 'request completed'],
    )
  })

  test('a reply decorator that sends later and returns this can be awaited', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorateReply('later', function (this: { send(p: unknown): void }) {
      setImmediate(() => this.send({ later: true }))
      return this
    })
    app.get('/', async (_request, reply) => {
      await (reply as unknown as { later(): Promise<void> }).later()
    })
    const res = await app.inject('/')
    assert.deepEqual(res.json(), { later: true })
  })

  test('an async handler returning the reply itself waits for the send made later', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      setTimeout(() => reply.send('from a timer'), 5)
      return reply
    })
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/`)
    assert.equal(await res.text(), 'from a timer')
  })

  test('await reply.send(x) resolves once the response has finished', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let endedWhenResolved: boolean | undefined
    app.addHook('onSend', async (_request, _reply, payload) => {
      await new Promise((resolve) => setImmediate(resolve))
      return payload
    })
    app.get('/', async (_request, reply) => {
      await reply.send('slow onSend')
      endedWhenResolved = reply.raw.writableEnded
    })
    const res = await app.inject('/')
    assert.equal(res.body, 'slow onSend')
    assert.equal(endedWhenResolved, true)
  })

  test('then() on a reply already sent or hijacked fulfills at once', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const settled: string[] = []
    app.get('/sent', (_request, reply) => {
      reply.send('done')
      reply.then(() => settled.push('sent'))
    })
    app.get('/hijacked', (_request, reply) => {
      reply.hijack()
      reply.then(() => settled.push('hijacked'))
      reply.raw.end('by hand')
    })
    await app.inject('/sent')
    await app.inject('/hijacked')
    assert.deepEqual(settled, ['sent', 'hijacked'])
  })

  test('a response the client abandons fulfills the awaiting handler rather than rejecting it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let outcome: Promise<string> | undefined
    let arrived!: () => void
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve
    })
    app.get('/', (_request, reply) => {
      outcome = new Promise((resolve) =>
        reply.then(
          () => resolve('fulfilled'),
          () => resolve('rejected'),
        ),
      )
      arrived()
    })
    const port = await listenLocal(app)
    const controller = new AbortController()
    const request = fetch(`http://127.0.0.1:${port}/`, { signal: controller.signal }).catch(
      () => {},
    )
    await inHandler
    controller.abort()
    await request
    assert.equal(await outcome, 'fulfilled')
  })
})
