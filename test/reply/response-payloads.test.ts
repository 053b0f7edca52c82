import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

describe('a fetch Response payload', () => {
  test('its status, headers and body become the reply', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.send(new Response('made by fetch', { status: 202, headers: { 'x-made': 'fetch' } }))
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 202)
    assert.equal(res.headers['x-made'], 'fetch')
    assert.equal(res.headers['content-type'], 'text/plain;charset=UTF-8')
    assert.equal(res.body, 'made by fetch')
  })

  test('returned from an async handler, it is sent the same way', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => Response.json({ ok: true }, { status: 201 }))
    const res = await app.inject('/')
    assert.equal(res.statusCode, 201)
    assert.equal(res.headers['content-type'], 'application/json')
    assert.deepEqual(res.json(), { ok: true })
  })

  test('each set-cookie of the Response is kept', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', () => {
      const headers = new Headers()
      headers.append('set-cookie', 'a=1')
      headers.append('set-cookie', 'b=2')
      return new Response('cookies', { headers })
    })
    const res = await app.inject('/')
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2'])
  })

  test('without a body: 204 and 304 carry no content-length, 200 carries 0', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/:status', (request) => {
      const status = Number((request.params as { status: string }).status)
      return new Response(null, { status, headers: { hello: 'world' } })
    })
    for (const [status, length] of [
      [204, undefined],
      [304, undefined],
      [200, '0'],
    ] as const) {
      const res = await app.inject(`/${status}`)
      assert.equal(res.statusCode, status)
      assert.equal(res.body, '')
      assert.equal(res.headers.hello, 'world')
      assert.equal(res.headers['content-length'], length, `status ${status}`)
    }
  })

  test('a Response replaces the status set on the reply, even a 204', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.code(204).send(new Response('after all', { status: 200 }))
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'after all')
  })

  test('onSend sees the Response and may replace it with another', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let seen = ''
    app.addHook('onSend', async (_request, _reply, payload) => {
      seen = Object.prototype.toString.call(payload)
      const inner = payload as Response
      return new Response(inner.body, { status: 200, headers: { wrapped: 'yes' } })
    })
    app.get('/', () => new Response('original', { status: 500 }))
    const res = await app.inject('/')
    assert.equal(seen, '[object Response]')
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers.wrapped, 'yes')
    assert.equal(res.body, 'original')
  })

  test('a body already read: a 500 FST_ERR_REP_RESPONSE_BODY_CONSUMED', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      const response = new Response('read once')
      await response.text()
      return reply.send(response)
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.equal(res.json().code, 'FST_ERR_REP_RESPONSE_BODY_CONSUMED')
    assert.equal(res.json().message, 'Response.body is already consumed.')
  })

  test('a body locked by a reader: a 500 FST_ERR_REP_READABLE_STREAM_LOCKED', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      const response = new Response('locked')
      response.body?.getReader()
      return reply.send(response)
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.equal(res.json().code, 'FST_ERR_REP_READABLE_STREAM_LOCKED')
  })

  test('a consumed body met after an async onSend goes to the error handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const handled: string[] = []
    app.setErrorHandler((err, _request, reply) => {
      handled.push((err as { code: string }).code)
      reply.code(500).send('handled')
    })
    app.addHook('onSend', async (_request, _reply, payload) => {
      if (payload !== 'payload') return payload
      const response = new Response('x')
      await response.text()
      return response
    })
    app.get('/', () => 'payload')
    const res = await app.inject('/')
    assert.equal(res.body, 'handled')
    assert.deepEqual(handled, ['FST_ERR_REP_RESPONSE_BODY_CONSUMED'])
  })

  test('an automatic HEAD route answers with the Response status and headers, no body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let cancelled: unknown
    app.get('/', () => {
      const body = new ReadableStream({ cancel: (reason) => void (cancelled = reason) })
      return new Response(body, { status: 203, headers: { 'x-kind': 'response' } })
    })
    const res = await app.inject({ method: 'HEAD', url: '/' })
    assert.equal(res.statusCode, 203)
    assert.equal(res.headers['x-kind'], 'response')
    assert.equal(res.body, '')
    assert.equal(cancelled, 'Stream cancelled by HEAD route')
  })
})

test('Response.error() (status 0) is refused with FST_ERR_BAD_STATUS_CODE, also after an async onSend', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.get('/sent', async (_request, reply) => reply.send(Response.error()))
  app.get('/from-hook', { onSend: async () => Response.error() }, () => 'payload')
  for (const url of ['/sent', '/from-hook']) {
    const res = await app.inject(url)
    assert.equal(res.statusCode, 500, url)
    assert.equal(res.json().code, 'FST_ERR_BAD_STATUS_CODE', url)
  }
})
