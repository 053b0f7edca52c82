import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { ReadableStream } from 'node:stream/web'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = Record<string, unknown> & { level: number; msg: string }

const encoder = new TextEncoder()

/** A web stream of these chunks, then closed. */
function webStreamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

/** GETs a path over real HTTP and resolves with the status and the body. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

describe('a WHATWG ReadableStream payload', () => {
  test('is streamed, with no content-type of its own, from a handler or returned', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/sent', (_request, reply) => {
      reply.send(webStreamOf('hello ', 'web ', 'stream'))
    })
    app.get('/returned', async () => Readable.toWeb(Readable.from(['from ', 'node'])))
    const sent = await app.inject('/sent')
    assert.equal(sent.statusCode, 200)
    assert.equal(sent.body, 'hello web stream')
    assert.equal(sent.headers['content-type'], undefined)
    const returned = await app.inject('/returned')
    assert.equal(returned.body, 'from node')
  })

  test('keeps the status and the headers set on the reply', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.code(201).type('text/csv').header('x-rows', '2').send(webStreamOf('a,b\n', '1,2\n'))
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 201)
    assert.equal(res.headers['content-type'], 'text/csv')
    assert.equal(res.headers['x-rows'], '2')
    assert.equal(res.body, 'a,b\n1,2\n')
  })

  test('string chunks are written as they are', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.send(
        new ReadableStream<string>({
          start(controller) {
            controller.enqueue('one,')
            controller.enqueue('two')
            controller.close()
          },
        }),
      )
    })
    assert.equal((await app.inject('/')).body, 'one,two')
  })

  test('a locked stream: send() throws FST_ERR_REP_READABLE_STREAM_LOCKED, a 500 when uncaught', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let thrown: unknown
    app.get('/caught', (_request, reply) => {
      const stream = webStreamOf('x')
      stream.getReader()
      try {
        reply.send(stream)
      } catch (err) {
        thrown = err
        reply.send('recovered')
      }
    })
    app.get('/uncaught', async (_request, reply) => {
      const stream = webStreamOf('x')
      stream.getReader()
      return reply.send(stream)
    })
    const caught = await app.inject('/caught')
    assert.equal(caught.body, 'recovered')
    assert.equal((thrown as { code?: string }).code, 'FST_ERR_REP_READABLE_STREAM_LOCKED')
    const uncaught = await app.inject('/uncaught')
    assert.equal(uncaught.statusCode, 500)
    assert.deepEqual(uncaught.json(), {
      statusCode: 500,
      code: 'FST_ERR_REP_READABLE_STREAM_LOCKED',
      error: 'Internal Server Error',
      message:
        'ReadableStream was locked. You should call releaseLock() method on reader before sending.',
    })
  })

  test('a stream that fails before its first chunk is answered by the error handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setErrorHandler((err, _request, reply) => {
      reply.code(502).send({ failed: (err as Error).message })
    })
    app.get('/', (_request, reply) => {
      reply.send(
        new ReadableStream({
          start(controller) {
            controller.error(new Error('upstream gone'))
          },
        }),
      )
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 502)
    assert.deepEqual(res.json(), { failed: 'upstream gone' })
  })

  test('a stream that fails after its first chunk cuts the response and logs a warning', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'warn', stream } })
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      let pulls = 0
      reply.send(
        new ReadableStream({
          pull(controller) {
            if (pulls++ === 0) controller.enqueue(encoder.encode('first'))
            else setTimeout(() => controller.error(new Error('broke midway')), 5)
          },
        }),
      )
    })
    const port = await listenLocal(app)
    const outcome = await new Promise<string>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        res.on('data', () => {})
        res.on('end', () => resolve('ended'))
        res.on('error', () => resolve('cut'))
        res.on('aborted', () => resolve('cut'))
      })
    })
    assert.equal(outcome, 'cut')
    const warning = lines.find(
      (l) => l.msg === 'response terminated with an error with headers already sent',
    )
    assert.equal((warning?.err as { message?: string } | undefined)?.message, 'broke midway')
  })

  test('the reader is cancelled when the client goes away', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let cancelled: () => void
    const cancel = new Promise<void>((resolve) => {
      cancelled = resolve
    })
    app.get('/', (_request, reply) => {
      reply.send(
        new ReadableStream({
          start(controller) {
            controller.enqueue(encoder.encode('first chunk'))
          },
          pull: () => new Promise(() => {}),
          cancel: () => cancelled(),
        }),
      )
    })
    const port = await listenLocal(app)
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      res.once('data', () => req.destroy())
    })
    req.on('error', () => {})
    await cancel
  })

  test('the next chunk is read only once the response drained (backpressure)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const events: string[] = []
    app.get('/', (_request, reply) => {
      const raw = reply.raw
      const write = raw.write.bind(raw) as (chunk: unknown) => boolean
      let first = true
      // The socket says "full" after the first chunk and drains 30 ms later.
      raw.write = ((chunk: unknown) => {
        events.push(`write ${String(chunk)}`)
        write(chunk)
        if (!first) return true
        first = false
        setTimeout(() => {
          events.push('drain')
          raw.emit('drain')
        }, 30)
        return false
      }) as typeof raw.write
      let n = 0
      reply.type('text/plain').send(
        new ReadableStream<string>(
          {
            pull(controller) {
              n++
              events.push(`pull ${n}`)
              controller.enqueue(`c${n}`)
              if (n === 3) controller.close()
            },
          },
          { highWaterMark: 0 },
        ),
      )
    })
    const port = await listenLocal(app)
    const res = await get(port, '/')
    assert.equal(res.body, 'c1c2c3')
    const drain = events.indexOf('drain')
    assert.ok(drain > 0, events.join(', '))
    assert.ok(events.indexOf('write c2') > drain, events.join(', '))
  })

  test('replacing the payload in onSend with a web stream', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addHook('onSend', async (_request, _reply, payload) => {
      return webStreamOf(`wrapped(${payload as string})`)
    })
    app.get('/', () => 'inner')
    const res = await app.inject('/')
    assert.equal(res.body, 'wrapped(inner)')
  })

  test('onSend sees the web stream itself, not a serialization of it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let seen = ''
    app.addHook('onSend', async (_request, _reply, payload) => {
      seen = Object.prototype.toString.call(payload)
    })
    app.get('/', () => webStreamOf('body'))
    const res = await app.inject('/')
    assert.equal(seen, '[object ReadableStream]')
    assert.equal(res.body, 'body')
  })

  test('trailers are sent after a web stream body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.trailer('x-count', async () => '2')
      reply.send(webStreamOf('a', 'b'))
    })
    const res = await app.inject('/')
    assert.equal(res.body, 'ab')
    assert.equal(res.headers.trailer, 'x-count')
    assert.deepEqual(res.trailers, { 'x-count': '2' })
  })

  test('after reply.raw.writeHead, the stream still goes out, with a warning', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'warn', stream } })
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/plain' })
      reply.send(webStreamOf('hand-made head'))
    })
    const port = await listenLocal(app)
    const res = await get(port, '/')
    assert.equal(res.body, 'hand-made head')
    assert.ok(
      lines.some(
        (l) => l.msg === "response will send, but you shouldn't use res.writeHead in stream mode",
      ),
    )
  })

  test('an automatic HEAD route cancels the stream and sends no body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let reason: unknown
    app.get('/', () => new ReadableStream({ cancel: (why) => void (reason = why) }))
    const res = await app.inject({ method: 'HEAD', url: '/' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, '')
    assert.equal(res.headers['content-type'], undefined)
    assert.equal(reason, 'Stream cancelled by HEAD route')
  })

  test('an automatic HEAD route logs a cancel that fails: "Error on Stream found for HEAD route"', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'error', stream } })
    t.after(() => app.close())
    app.get('/', () => new ReadableStream({ cancel: () => Promise.reject(new Error('no cancel')) }))
    const res = await app.inject({ method: 'HEAD', url: '/' })
    assert.equal(res.statusCode, 200)
    await new Promise((resolve) => setImmediate(resolve))
    const line = lines.find((l) => l.msg === 'Error on Stream found for HEAD route')
    assert.equal(line?.level, 50)
    assert.equal((line?.err as { message?: string } | undefined)?.message, 'no cancel')
  })

  test('a 204 reply cancels a web stream it does not send', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let cancelled = false
    app.get('/', (_request, reply) => {
      reply.code(204).send(new ReadableStream({ cancel: () => void (cancelled = true) }))
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 204)
    assert.equal(res.body, '')
    assert.equal(cancelled, true)
  })
})

test('a Response from fetch is proxied: status, headers and body', async (t) => {
  const upstream = http.createServer((_req, res) => {
    res.writeHead(203, { 'content-type': 'application/json', 'x-upstream': 'yes' })
    res.end('{"from":"upstream"}')
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  t.after(() => upstream.close())
  const { port } = upstream.address() as AddressInfo
  const app = arbor()
  t.after(() => app.close())
  app.get('/', () => fetch(`http://127.0.0.1:${port}/`))
  const res = await app.inject('/')
  assert.equal(res.statusCode, 203)
  assert.equal(res.headers['content-type'], 'application/json')
  assert.equal(res.headers['x-upstream'], 'yes')
  assert.deepEqual(res.json(), { from: 'upstream' })
})
