// Line table row `removedTrailersKeepChunked` (docs/fastify-lines.md): once removeTrailer() has
// removed every trailer, the Fastify 4 line still answers chunked, without content-length, and
// the Fastify 5 line answers a plain response with its content-length. A trailer still set
// keeps trailer mode in both.
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

const appOf = (fastifyLine: 4 | 5) => {
  const app = arbor({ fastifyLine })
  app.get('/all-removed', (_request, reply) => {
    reply.trailer('etag', async () => 'never')
    reply.trailer('x-other', async () => 'never')
    reply.removeTrailer('ETag').removeTrailer('x-other')
    reply.send('hello')
  })
  app.get('/one-left', (_request, reply) => {
    reply.trailer('etag', async () => 'kept')
    reply.trailer('x-other', async () => 'never')
    reply.removeTrailer('x-other')
    reply.send('hello')
  })
  app.get('/removed-mid-stream', (_request, reply) => {
    reply.trailer('etag', async () => 'never')
    reply.send(
      Readable.from(
        (function* () {
          reply.removeTrailer('etag')
          yield 'hello'
        })(),
      ),
    )
  })
  return app
}

test('removedTrailersKeepChunked, Fastify 4 line: every trailer removed, still chunked', async () => {
  const res = await appOf(4).inject('/all-removed')
  assert.equal(res.body, 'hello')
  assert.equal(res.headers['transfer-encoding'], 'chunked')
  assert.equal(res.headers['content-length'], undefined)
  assert.equal(res.headers.trailer, undefined)
  assert.deepEqual(res.trailers, {})
})

test('removedTrailersKeepChunked, Fastify 5 line: every trailer removed, a plain response', async () => {
  const res = await appOf(5).inject('/all-removed')
  assert.equal(res.body, 'hello')
  assert.equal(res.headers['transfer-encoding'], undefined)
  assert.equal(res.headers['content-length'], '5')
  assert.equal(res.headers.trailer, undefined)
  assert.deepEqual(res.trailers, {})
})

test('a trailer left keeps trailer mode, in both lines', async () => {
  for (const line of [4, 5] as const) {
    const res = await appOf(line).inject('/one-left')
    assert.equal(res.headers['transfer-encoding'], 'chunked', `line ${line}`)
    assert.equal(res.headers.trailer, 'etag')
    assert.deepEqual(res.trailers, { etag: 'kept' })
  }
})

test('a trailer removed while a stream is sent is left out, in both lines', async () => {
  for (const line of [4, 5] as const) {
    const res = await appOf(line).inject('/removed-mid-stream')
    assert.equal(res.body, 'hello', `line ${line}`)
    assert.equal(res.headers.trailer, 'etag')
    assert.deepEqual(res.trailers, {})
  }
})
