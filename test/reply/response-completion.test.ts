import assert from 'node:assert/strict'
import http from 'node:http'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = Record<string, unknown> & { level: number; msg: string }

describe('when a response counts as complete', () => {
  test('onResponse and "request completed" come on finish, before a second send is warned about', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.addHook('onResponse', (request, _reply, done) => {
      request.log.info('onResponse')
      done()
    })
    app.get('/', (_request, reply) => {
      reply.send('first')
      reply.send('second')
    })
    const res = await app.inject('/')
    assert.equal(res.body, 'first')
    assert.deepEqual(
      lines.map((l) => l.msg),
      [
        'incoming request',
        'onResponse',
        'request completed',
        'Reply was already sent, did you forget to "return reply" in "/" (GET)?',
      ],
    )
  })

  test('an async handler returning a value after sending: the warning is FST_ERR_REP_ALREADY_SENT, after completion', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      reply.send({ sent: true })
      return { returned: true }
    })
    const res = await app.inject('/')
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(res.json(), { sent: true })
    assert.deepEqual(
      lines.map((l) => l.msg),
      [
        'incoming request',
        'request completed',
        'Reply was already sent, did you forget to "return reply" in "/" (GET)?',
      ],
    )
    assert.equal((lines[2]?.err as { code?: string } | undefined)?.code, 'FST_ERR_REP_ALREADY_SENT')
    assert.equal(lines[2]?.level, 40)
  })

  test('a client leaving before any answer: onRequestAbort and "request aborted by the client", no onResponse', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    const hooks: string[] = []
    let aborted!: () => void
    const abortSeen = new Promise<void>((resolve) => {
      aborted = resolve
    })
    let arrived!: () => void
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve
    })
    app.addHook('onResponse', async () => {
      hooks.push('onResponse')
    })
    app.addHook('onRequestAbort', async (_request) => {
      hooks.push('onRequestAbort')
      aborted()
    })
    app.get('/', (_request, _reply) => {
      arrived() // never answers
    })
    const port = await listenLocal(app)
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false })
    req.on('error', () => {})
    await inHandler
    req.destroy()
    await abortSeen
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.deepEqual(hooks, ['onRequestAbort'])
    assert.ok(lines.some((l) => l.msg === 'request aborted by the client'))
    assert.ok(!lines.some((l) => l.msg === 'request completed'))
  })
})
