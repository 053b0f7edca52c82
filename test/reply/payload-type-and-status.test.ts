import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { errorCodes } from '../../src/index.ts'

const invalidObject =
  "Attempted to send payload of invalid type 'object'. Expected a string or Buffer."

describe('reply.send(): a payload that cannot be written', () => {
  test('an object with a non-JSON content type and no serializer: send() throws a TypeError FST_ERR_REP_INVALID_PAYLOAD_TYPE', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let thrown: unknown
    app.get('/', (_request, reply) => {
      reply.type('text/html')
      try {
        reply.send({ not: 'html' })
      } catch (err) {
        thrown = err
      }
      // Nothing went out: the handler can still answer.
      assert.equal(reply.sent, false)
      reply.send('<p>recovered</p>')
    })
    const res = await app.inject('/')
    assert.ok(thrown instanceof TypeError)
    assert.ok(thrown instanceof errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE)
    assert.equal((thrown as { code: string }).code, 'FST_ERR_REP_INVALID_PAYLOAD_TYPE')
    assert.equal((thrown as Error).message, invalidObject)
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, '<p>recovered</p>')
  })

  test('a reply serializer that returns no string makes send() throw too', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let thrown: unknown
    app.get('/', (_request, reply) => {
      try {
        reply
          .type('text/html')
          .serializer((payload: unknown) => payload as string)
          .send({})
      } catch (err) {
        thrown = err
      }
      reply.send('fallback')
    })
    await app.inject('/')
    assert.ok(thrown instanceof TypeError)
    assert.equal((thrown as unknown as { code: string }).code, 'FST_ERR_REP_INVALID_PAYLOAD_TYPE')
  })

  test('uncaught in a sync handler, or returned by an async one, it becomes a 500 with that code', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/sync', (_request, reply) => {
      reply.code(200).headers({ 'content-type': 'text/plain; charset=utf-8' }).send({ a: 1 })
    })
    app.get('/async', async (_request, reply) => {
      reply.type('text/plain')
      return { a: 1 }
    })
    for (const url of ['/sync', '/async']) {
      const res = await app.inject(url)
      assert.equal(res.statusCode, 500, url)
      assert.deepEqual(res.json(), {
        statusCode: 500,
        code: 'FST_ERR_REP_INVALID_PAYLOAD_TYPE',
        error: 'Internal Server Error',
        message: invalidObject,
      })
    }
  })

  test('after an async onSend hook there is no caller to throw to: the error handler answers', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let threw = false
    app.addHook('onSend', async (_request, _reply, payload) => payload)
    app.get('/', (_request, reply) => {
      try {
        reply.type('text/html').send({ a: 1 })
      } catch {
        threw = true
      }
    })
    const res = await app.inject('/')
    assert.equal(threw, false)
    assert.equal(res.statusCode, 500)
    assert.equal(res.json().code, 'FST_ERR_REP_INVALID_PAYLOAD_TYPE')
  })
})

describe('reply.code()', () => {
  test('a fractional status is truncated (404.5 answers 404); a numeric string is accepted', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/float', (_request, reply) => {
      reply.code(404.5).send()
    })
    app.get('/string', (_request, reply) => {
      reply.code('201' as unknown as number).send()
    })
    assert.equal((await app.inject('/float')).statusCode, 404)
    assert.equal((await app.inject('/string')).statusCode, 201)
  })

  test('null and undefined are invalid statuses: 500 FST_ERR_BAD_STATUS_CODE naming the value', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/null', (_request, reply) => {
      reply.status(null as unknown as number).send()
    })
    app.get('/undefined', (_request, reply) => {
      reply.status(undefined as unknown as number).send()
    })
    for (const value of ['null', 'undefined']) {
      const res = await app.inject(`/${value}`)
      assert.equal(res.statusCode, 500)
      assert.equal(res.json().code, 'FST_ERR_BAD_STATUS_CODE')
      assert.equal(res.json().message, `Called reply with an invalid status code: ${value}`)
    }
  })
})

describe('reply.callNotFound()', () => {
  test('returns the reply, so it can be returned from an async handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let returned: unknown
    app.get('/', async (_request, reply) => {
      returned = reply.callNotFound()
      return reply
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 404)
    assert.ok(returned !== undefined)
    assert.equal(typeof (returned as { send?: unknown }).send, 'function')
  })
})
