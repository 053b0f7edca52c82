import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import http from 'node:http'
import { Readable } from 'node:stream'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'

const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex')

/** GETs a path over real HTTP and resolves with status, headers, body and trailers. */
function getWithTrailers(
  port: number,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; trailers: object }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            trailers: { ...res.trailers },
          }),
        )
      })
      .on('error', reject)
  })
}

describe('reply.trailer()', () => {
  test('a callback trailer gets the payload sent and its value travels after a chunked body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const data = JSON.stringify({ hello: 'world' })
    let seen: unknown
    app.get('/', (_request, reply) => {
      reply.trailer('Content-MD5', (_reply, payload, done) => {
        seen = payload
        done(null, md5(payload as string))
      })
      reply.send(data)
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, data)
    assert.equal(seen, data)
    assert.equal(res.headers['transfer-encoding'], 'chunked')
    assert.equal(res.headers.trailer, 'content-md5')
    assert.equal(res.headers['content-length'], undefined)
    assert.deepEqual(res.trailers, { 'content-md5': md5(data) })
  })

  test('async trailers and slow callbacks are all awaited; Trailer names them in order', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.trailer('Return-Early', async () => 'early')
      reply.trailer('Server-Timing', (_reply, _payload, done) => {
        setImmediate(() => done(null, 'db;dur=1'))
      })
      reply.send('body')
    })
    const res = await app.inject('/')
    assert.equal(res.headers.trailer, 'return-early server-timing')
    assert.deepEqual(res.trailers, { 'return-early': 'early', 'server-timing': 'db;dur=1' })
  })

  test('an empty payload (undefined, "" or an empty Buffer) still carries the trailers, without content-length', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const payloads: Record<string, unknown> = { undefined, string: '', buffer: Buffer.alloc(0) }
    app.get('/:kind', (request, reply) => {
      reply.trailer('ETag', (_reply, _payload, done) => done(null, 'custom-etag'))
      reply.send(payloads[(request.params as { kind: string }).kind])
    })
    for (const kind of Object.keys(payloads)) {
      const res = await app.inject(`/${kind}`)
      assert.equal(res.statusCode, 200, kind)
      assert.equal(res.body, '', kind)
      assert.equal(res.headers.trailer, 'etag', kind)
      assert.equal(res.headers['content-length'], undefined, kind)
      assert.deepEqual(res.trailers, { etag: 'custom-etag' }, kind)
    }
  })

  test('a stream payload: the trailer runs once the stream ended, with payload null', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let seen: unknown = 'not called'
    app.get('/', (_request, reply) => {
      reply.trailer('ETag', async (_reply, payload) => {
        seen = payload
        return 'stream-etag'
      })
      reply.send(Readable.from(['a', 'b', 'c']))
    })
    const res = await app.inject('/')
    assert.equal(res.body, 'abc')
    assert.equal(seen, null)
    assert.equal(res.headers['transfer-encoding'], 'chunked')
    assert.deepEqual(res.trailers, { etag: 'stream-etag' })
  })

  test('over real HTTP the client receives the trailers after the body, for a string and a stream', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/string', (_request, reply) => {
      reply.header('content-length', '999') // a declared length cannot go with chunked encoding
      reply.trailer('X-Digest', async (_reply, payload) => md5(payload as string))
      reply.send('hello')
    })
    app.get('/stream', (_request, reply) => {
      reply.trailer('X-Count', (_reply, _payload, done) => done(null, '3'))
      reply.send(Readable.from(['x', 'y', 'z']))
    })
    const port = await listenLocal(app)
    const str = await getWithTrailers(port, '/string')
    assert.equal(str.status, 200)
    assert.equal(str.body, 'hello')
    assert.equal(str.headers['content-length'], undefined)
    assert.equal(str.headers['transfer-encoding'], 'chunked')
    assert.deepEqual(str.trailers, { 'x-digest': md5('hello') })
    const stream = await getWithTrailers(port, '/stream')
    assert.equal(stream.body, 'xyz')
    assert.deepEqual(stream.trailers, { 'x-count': '3' })
  })

  test('a trailer that fails loses only its own value; the response completes', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.trailer('X-Failed', (_reply, _payload, done) => done(new Error('no value')))
      reply.trailer('X-Rejected', async () => {
        throw new Error('no value either')
      })
      reply.trailer('X-Ok', async () => 'fine')
      reply.send('body')
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'body')
    assert.deepEqual(res.trailers, { 'x-ok': 'fine' })
  })

  test('a trailer value with a line break is dropped and logged, not sent', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.trailer('X-Bad', async () => 'a\r\nInjected: yes')
      reply.send('body')
    })
    const port = await listenLocal(app)
    const res = await getWithTrailers(port, '/')
    assert.equal(res.body, 'body')
    assert.deepEqual(res.trailers, {})
    assert.ok(lines.some((l) => l.level === 50 && String(l.msg).includes('trailer')))
  })

  test('a function declaring done answers through it, whatever it returns', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.trailer('X-Later', (_reply, _payload, done) => setTimeout(() => done(null, 'later'), 1))
      reply.send('body')
    })
    const res = await app.inject('/')
    assert.deepEqual(res.trailers, { 'x-later': 'later' })
  })

  test('returning the value from a function without done works and warns FSTDEP013 once', async (t) => {
    const warnings: Array<{ name: string; code?: string }> = []
    const onWarning = (w: Error & { code?: string }) =>
      warnings.push({ name: w.name, code: w.code })
    process.on('warning', onWarning)
    t.after(() => process.removeListener('warning', onWarning))
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.trailer('ETag', (() => 'direct') as never)
      reply.send('body')
    })
    const first = await app.inject('/')
    await app.inject('/')
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(first.trailers, { etag: 'direct' })
    const dep = warnings.filter((w) => w.code === 'FSTDEP013')
    assert.equal(dep.length, 1)
    assert.equal(dep[0]?.name, 'DeprecationWarning')
  })

  test('hasTrailer() and removeTrailer(): a removed trailer is neither run nor announced', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const checks: boolean[] = []
    let removedRan = false
    app.get('/', (_request, reply) => {
      reply.removeTrailer('ETag') // nothing set yet: no-op, chainable
      checks.push(reply.hasTrailer('ETag'))
      reply.trailer('ETag', (_reply, _payload, done) => done(null, 'kept'))
      reply.trailer('X-Removed', (_reply, _payload, done) => {
        removedRan = true
        done(null, 'removed')
      })
      checks.push(reply.hasTrailer('etag'), reply.hasTrailer('X-REMOVED'))
      assert.equal(reply.removeTrailer('x-removed'), reply)
      checks.push(reply.hasTrailer('X-Removed'))
      reply.send()
    })
    const res = await app.inject('/')
    assert.deepEqual(checks, [false, true, true, false])
    assert.equal(removedRan, false)
    assert.equal(res.headers.trailer, 'etag')
    assert.deepEqual(res.trailers, { etag: 'kept' })
  })

  test('every trailer removed: no Trailer header, no trailers, the body still arrives', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.trailer('ETag', (_reply, _payload, done) => done(null, 'x'))
      reply.removeTrailer('ETag')
      reply.send('body')
    })
    const res = await app.inject('/')
    assert.equal(res.body, 'body')
    assert.equal(res.headers.trailer, undefined)
    assert.deepEqual(res.trailers, {})
  })

  test('a response without a body (HEAD, 204, 304) carries no trailers and does not run them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let ran = 0
    const trailer = (_reply: unknown, _payload: unknown, done: (e: null, v: string) => void) => {
      ran++
      done(null, 'x')
    }
    app.get('/', (_request, reply) => {
      reply.trailer('ETag', trailer)
      reply.send('body')
    })
    app.get('/204', (_request, reply) => {
      reply.trailer('ETag', trailer)
      reply.code(204).send()
    })
    const head = await app.inject({ method: 'HEAD', url: '/' })
    assert.equal(head.headers.trailer, undefined)
    assert.equal(head.headers['transfer-encoding'], undefined)
    const empty = await app.inject('/204')
    assert.equal(empty.statusCode, 204)
    assert.equal(empty.headers.trailer, undefined)
    assert.equal(ran, 0)
  })

  test('a name that may not be a trailer throws FST_ERR_BAD_TRAILER_NAME', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const forbidden = [
      'transfer-encoding',
      'content-length',
      'host',
      'cache-control',
      'max-forwards',
      'te',
      'authorization',
      'set-cookie',
      'content-encoding',
      'content-type',
      'content-range',
      'trailer',
    ]
    const errors: Array<{ code: string; message: string }> = []
    app.get('/', (_request, reply) => {
      for (const name of forbidden) {
        try {
          reply.trailer(name.toUpperCase(), async () => 'x')
        } catch (err) {
          errors.push(err as { code: string; message: string })
        }
      }
      reply.send('ok')
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers.trailer, undefined)
    assert.equal(errors.length, forbidden.length)
    assert.ok(errors.every((e) => e.code === 'FST_ERR_BAD_TRAILER_NAME'))
    assert.equal(
      errors[0]?.message,
      'Called reply.trailer with an invalid header name: transfer-encoding',
    )
  })

  test('a value that is not a function throws FST_ERR_BAD_TRAILER_VALUE', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const errors: Array<{ code: string; message: string }> = []
    app.get('/', (_request, reply) => {
      for (const value of [undefined, null, true, 'etag', [], {}]) {
        try {
          reply.trailer('ETag', value as never)
        } catch (err) {
          errors.push(err as { code: string; message: string })
        }
      }
      reply.send('ok')
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 200)
    assert.equal(errors.length, 6)
    assert.ok(errors.every((e) => e.code === 'FST_ERR_BAD_TRAILER_VALUE'))
    assert.equal(
      errors[3]?.message,
      "Called reply.trailer('etag', fn) with an invalid type: string. Expected a function.",
    )
  })

  test('onResponse runs after the trailers went out', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    app.addHook('onResponse', async () => {
      order.push('onResponse')
    })
    app.get('/', (_request, reply) => {
      reply.trailer('X-Slow', (_reply, _payload, done) => {
        setImmediate(() => {
          order.push('trailer')
          done(null, 'v')
        })
      })
      reply.send('body')
    })
    await app.inject('/')
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(order, ['trailer', 'onResponse'])
  })
})
