import assert from 'node:assert/strict'
import http from 'node:http'
import { Readable } from 'node:stream'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = Record<string, unknown> & { level: number; msg: string }

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** A stream that sends one chunk and then stays open, as a long download would. */
function endlessStream(): Readable {
  let sent = false
  return new Readable({
    read() {
      if (!sent) this.push('first chunk\n')
      sent = true
    },
  })
}

/** GETs path and destroys the response as soon as the first bytes arrive. */
function getAndHangUp(port: number, path: string): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.once('data', () => {
        res.destroy()
        resolve()
      })
    })
    req.on('error', () => resolve())
  })
}

describe('stream payloads', () => {
  test('a client leaving mid-stream: "stream closed prematurely" (info, with res) and the stream is destroyed', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    const destroyed = deferred()
    app.get('/', (_request, reply) => {
      const payload = endlessStream()
      payload.once('close', () => destroyed.resolve())
      reply.send(payload)
    })
    const port = await listenLocal(app)
    await getAndHangUp(port, '/')
    await destroyed.promise
    await new Promise((resolve) => setTimeout(resolve, 20))
    const withRes = lines.filter((l) => l.res !== undefined)
    assert.deepEqual(
      withRes.map((l) => [l.msg, l.level]),
      [['stream closed prematurely', 30]],
    )
    assert.deepEqual(withRes[0]?.res, { statusCode: 200 })
  })

  test('a stream payload without destroy() is closed with close() instead', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const closed = deferred()
    app.get('/', (_request, reply) => {
      const payload = endlessStream() as Readable & { close?: () => void }
      ;(payload as { destroy?: unknown }).destroy = undefined
      payload.close = () => closed.resolve()
      reply.send(payload)
    })
    const port = await listenLocal(app)
    await getAndHangUp(port, '/')
    await closed.promise
  })

  test('with disableRequestLogging the stream is still destroyed, and nothing is logged', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream }, disableRequestLogging: true })
    t.after(() => app.close())
    const destroyed = deferred()
    app.get('/', (_request, reply) => {
      const payload = endlessStream()
      payload.once('close', () => destroyed.resolve())
      reply.send(payload)
    })
    const port = await listenLocal(app)
    await getAndHangUp(port, '/')
    await destroyed.promise
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.deepEqual(
      lines.filter((l) => l.reqId !== undefined),
      [],
    )
  })

  test('a stream failing after the headers went out cuts the response and logs a warning', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      const payload = new Readable({ read() {} })
      payload.push('partial')
      setTimeout(() => payload.destroy(new Error('disk gone')), 10)
      reply.send(payload)
    })
    const port = await listenLocal(app)
    const outcome = await new Promise<string>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
          res.on('data', () => {})
          res.on('error', () => resolve(`status ${res.statusCode}, cut`))
          res.on('end', () => resolve(`status ${res.statusCode}, complete`))
        })
        .on('error', () => resolve('request error'))
    })
    assert.equal(outcome, 'status 200, cut')
    const warning = lines.find((l) => l.level === 40)
    assert.equal(warning?.msg, 'response terminated with an error with headers already sent')
    assert.equal((warning?.err as { message?: string } | undefined)?.message, 'disk gone')
  })

  test('an object with pipe() but no events (a stand-in from onSend) is piped without crashing', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('onSend', (_request, _reply, _payload, done) => {
      done(null, { pipe: (res: { end(body: string): void }) => res.end('stand-in') })
    })
    app.get('/', async () => ({ a: 1 }))
    const res = await app.inject('/')
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'stand-in')
  })

  test('a stream failing before any data still gets a proper error response', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      const payload = new Readable({
        read() {
          this.destroy(Object.assign(new Error('not found on disk'), { statusCode: 404 }))
        },
      })
      reply.send(payload)
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 404)
    assert.equal(res.json().message, 'not found on disk')
  })
})
