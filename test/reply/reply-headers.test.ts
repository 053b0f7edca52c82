import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

describe('status code', () => {
  test('Request and reply members: reply.code() and reply.status() set the status and return the reply', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const chained: boolean[] = []
    app.get('/code', async (_request, reply) => {
      chained.push(reply.code(201) === reply)
      return 'created'
    })
    app.get('/status', async (_request, reply) => {
      chained.push(reply.status(202) === reply)
      return 'accepted'
    })
    const code = await app.inject('/code')
    assert.equal(code.statusCode, 201)
    assert.equal(code.body, 'created')
    const status = await app.inject('/status')
    assert.equal(status.statusCode, 202)
    assert.deepEqual(chained, [true, true])
  })

  test('code(c).send(x) chains', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.code(418).send({ teapot: true })
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 418)
    assert.deepEqual(res.json(), { teapot: true })
  })

  test('statusCode reads 200 by default and can be assigned', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: number[] = []
    app.get('/', async (_request, reply) => {
      seen.push(reply.statusCode)
      reply.statusCode = 204
      seen.push(reply.statusCode)
      reply.code(206)
      seen.push(reply.statusCode)
      return 'partial'
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 206)
    assert.deepEqual(seen, [200, 204, 206])
  })

  test('an invalid status code becomes a 500 FST_ERR_BAD_STATUS_CODE', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/bad', async (_request, reply) => {
      reply.code(99)
      return 'never'
    })
    const res = await app.inject('/bad')
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), {
      statusCode: 500,
      code: 'FST_ERR_BAD_STATUS_CODE',
      error: 'Internal Server Error',
      message: 'Called reply with an invalid status code: 99',
    })
  })

  test('status and body over real HTTP', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/items', async (_request, reply) => reply.code(201).send({ id: 1 }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${address}/items`, { method: 'POST' })
    assert.equal(res.status, 201)
    assert.deepEqual(await res.json(), { id: 1 })
  })
})

describe('headers', () => {
  test('header() sets one header and is chainable; names are case-insensitive', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: unknown[] = []
    app.get('/', async (_request, reply) => {
      seen.push(reply.header('X-Mixed-Case', 'a') === reply)
      seen.push(reply.getHeader('x-mixed-case'))
      seen.push(reply.hasHeader('X-MIXED-CASE'))
      seen.push(reply.hasHeader('x-absent'))
      seen.push(reply.getHeader('x-absent'))
      return 'ok'
    })
    const res = await app.inject('/')
    assert.equal(res.headers['x-mixed-case'], 'a')
    assert.deepEqual(seen, [true, 'a', true, false, undefined])
  })

  test('headers() sets many at once; getHeaders() returns them all', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let all: Record<string, unknown> = {}
    app.get('/', async (_request, reply) => {
      reply.header('x-first', '1').headers({ 'x-second': '2', 'x-third': '3' })
      all = { ...reply.getHeaders() }
      return 'ok'
    })
    const res = await app.inject('/')
    assert.equal(res.headers['x-second'], '2')
    assert.equal(res.headers['x-third'], '3')
    assert.deepEqual(all, { 'x-first': '1', 'x-second': '2', 'x-third': '3' })
  })

  test('getHeaders() includes headers set directly on reply.raw', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let all: Record<string, unknown> = {}
    app.get('/', async (_request, reply) => {
      reply.raw.setHeader('x-raw', 'r')
      reply.header('x-arbor', 'a')
      all = { ...reply.getHeaders() }
      return 'ok'
    })
    const res = await app.inject('/')
    assert.deepEqual(all, { 'x-raw': 'r', 'x-arbor': 'a' })
    assert.equal(res.headers['x-raw'], 'r')
  })

  test('removeHeader() removes a header before sending', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      reply.headers({ 'x-keep': 'k', 'x-drop': 'd' })
      reply.removeHeader('X-Drop')
      return { has: reply.hasHeader('x-drop') }
    })
    const res = await app.inject('/')
    assert.equal(res.headers['x-keep'], 'k')
    assert.equal(res.headers['x-drop'], undefined)
    assert.deepEqual(res.json(), { has: false })
  })

  test('set-cookie set twice keeps both values', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      reply.header('set-cookie', 'a=1')
      reply.header('set-cookie', 'b=2')
      return 'ok'
    })
    const res = await app.inject('/')
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2'])
  })

  test('headers arrive over real HTTP', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      reply.header('x-from-arbor', 'yes')
      return 'ok'
    })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(address)
    assert.equal(res.headers.get('x-from-arbor'), 'yes')
    assert.equal(await res.text(), 'ok')
  })
})

describe('type()', () => {
  test('type() sets the content type and is chainable', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => reply.type('text/html').send('<b>bold</b>'))
    const res = await app.inject('/')
    assert.equal(res.headers['content-type'], 'text/html')
    assert.equal(res.body, '<b>bold</b>')
  })

  test('an object with a JSON-like type is serialized as JSON with charset added', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      reply.type('application/vnd.api+json')
      return { a: 1 }
    })
    const res = await app.inject('/')
    assert.equal(res.headers['content-type'], 'application/vnd.api+json; charset=utf-8')
    assert.equal(res.body, '{"a":1}')
  })

  test('a content-type set through header() is kept', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async (_request, reply) => {
      reply.header('Content-Type', 'text/csv')
      return 'a,b'
    })
    const res = await app.inject('/')
    assert.equal(res.headers['content-type'], 'text/csv')
    assert.equal(res.body, 'a,b')
  })
})
