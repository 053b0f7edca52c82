import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

test('request.mediaType is the content-type without parameters, spaces or case', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.post('/', (request) => ({ mediaType: request.mediaType ?? null }))
  for (const [header, expected] of [
    ['application/json', 'application/json'],
    ['application/json; charset=utf-8', 'application/json'],
    [' Application/JSON ; charset=utf-8', 'application/json'],
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': header },
      payload: '{}',
    })
    assert.deepEqual(res.json(), { mediaType: expected }, header)
  }
})

test('request.mediaType is undefined without a content-type or with one that is no media type', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, 'any'))
  app.post('/', (request) => ({ isUndefined: request.mediaType === undefined }))
  const without = await app.inject({ method: 'POST', url: '/' })
  assert.deepEqual(without.json(), { isUndefined: true })
  for (const header of ['json', 'a b/c', 'text/']) {
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': header },
      payload: 'x',
    })
    assert.deepEqual(res.json(), { isUndefined: true }, header)
  }
})

test('request.mediaType can be read in every hook, before the body is parsed', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  const seen: Array<string | undefined> = []
  const hook = (request: { mediaType: string | undefined }) => {
    seen.push(request.mediaType)
  }
  app.post(
    '/',
    {
      onRequest: async (request) => hook(request),
      preParsing: async (request, _reply, payload) => {
        hook(request)
        return payload
      },
      preValidation: async (request) => hook(request),
      preHandler: async (request) => hook(request),
    },
    async (request) => {
      hook(request)
      return 'ok'
    },
  )
  await app.inject({
    method: 'POST',
    url: '/',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: '{}',
  })
  assert.deepEqual(seen, Array(5).fill('application/json'))
})

test('reply.mediaType follows the content-type header as it changes', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  const seen: Array<string | undefined> = []
  app.get(
    '/',
    {
      preSerialization: async (_request, reply, payload) => {
        seen.push(reply.mediaType)
        return payload
      },
      onSend: async (_request, reply, payload) => {
        seen.push(reply.mediaType)
        return payload
      },
    },
    async (_request, reply) => {
      seen.push(reply.mediaType)
      reply.type('text/html')
      seen.push(reply.mediaType)
      reply.header('Content-Type', ' application/vnd.api+JSON ; charset=utf-8')
      seen.push(reply.mediaType)
      reply.removeHeader('content-type')
      seen.push(reply.mediaType)
      return { ok: true }
    },
  )
  const res = await app.inject('/')
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
  // preSerialization and onSend see the type send() chose.
  assert.deepEqual(seen, [
    undefined,
    'text/html',
    'application/vnd.api+json',
    undefined,
    'application/json',
    'application/json',
  ])
})

test('reply.mediaType reads a content-type set on reply.raw too', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.get('/', (_request, reply) => {
    reply.raw.setHeader('content-type', 'image/png')
    // a string: an object is no payload for an image/png reply (FST_ERR_REP_INVALID_PAYLOAD_TYPE)
    reply.send(JSON.stringify({ mediaType: reply.mediaType }))
  })
  const res = await app.inject('/')
  assert.deepEqual(JSON.parse(res.body), { mediaType: 'image/png' })
  assert.equal(res.headers['content-type'], 'image/png', "reply.raw's type is the response's")
})
