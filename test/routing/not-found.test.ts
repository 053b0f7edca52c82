import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

describe('the default 404', () => {
  test('an unknown route gets 404 { message, error, statusCode }', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => 'root')
    const res = await app.inject('/nope')
    assert.equal(res.statusCode, 404)
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    assert.deepEqual(res.json(), {
      message: 'Route GET:/nope not found',
      error: 'Not Found',
      statusCode: 404,
    })
  })

  test('the message names the method and the url with its query string', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const res = await app.inject({ method: 'POST', url: '/nope?x=1', payload: { a: 1 } })
    assert.equal(res.statusCode, 404)
    assert.deepEqual(res.json(), {
      message: 'Route POST:/nope?x=1 not found',
      error: 'Not Found',
      statusCode: 404,
    })
  })

  test('an unknown route over real HTTP', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${address}/nope`)
    assert.equal(res.status, 404)
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8')
    assert.deepEqual(await res.json(), {
      message: 'Route GET:/nope not found',
      error: 'Not Found',
      statusCode: 404,
    })
  })

  test('a known path with an unregistered method is a 404 too', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/only-get', async () => 'x')
    const res = await app.inject({ method: 'DELETE', url: '/only-get' })
    assert.equal(res.statusCode, 404)
    assert.deepEqual(res.json(), {
      message: 'Route DELETE:/only-get not found',
      error: 'Not Found',
      statusCode: 404,
    })
  })

  test('reply.callNotFound() from a route answers the default 404', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/hidden', (_request, reply) => {
      reply.callNotFound()
    })
    const res = await app.inject('/hidden')
    assert.equal(res.statusCode, 404)
    assert.deepEqual(res.json(), {
      message: 'Route GET:/hidden not found',
      error: 'Not Found',
      statusCode: 404,
    })
  })
})

describe('setNotFoundHandler()', () => {
  test('replaces the 404 handler for unknown routes', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setNotFoundHandler(async (request, reply) => {
      reply.code(404)
      return { custom: true, url: request.url }
    })
    const res = await app.inject('/missing?q=1')
    assert.equal(res.statusCode, 404)
    assert.deepEqual(res.json(), { custom: true, url: '/missing?q=1' })
  })

  test('the status is whatever the handler sets (200 when it sets none)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setNotFoundHandler(async () => 'soft landing')
    const res = await app.inject('/missing')
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, 'soft landing')
  })

  test('reply.callNotFound() uses the custom handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ custom: true }))
    app.get('/hidden', async (_request, reply) => reply.callNotFound())
    const res = await app.inject('/hidden')
    assert.equal(res.statusCode, 404)
    assert.deepEqual(res.json(), { custom: true })
  })

  test('accepts options with preValidation and preHandler hooks', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.setNotFoundHandler(
      {
        preValidation: async () => {
          seen.push('preValidation')
        },
        preHandler: async () => {
          seen.push('preHandler')
        },
      },
      async (_request, reply) => {
        seen.push('handler')
        return reply.code(404).send('gone')
      },
    )
    const res = await app.inject('/missing')
    assert.equal(res.statusCode, 404)
    assert.equal(res.body, 'gone')
    assert.deepEqual(seen, ['preValidation', 'preHandler', 'handler'])
  })

  test('a custom not-found handler over real HTTP', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ where: 'nowhere' }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${address}/missing`)
    assert.equal(res.status, 404)
    assert.deepEqual(await res.json(), { where: 'nowhere' })
  })

  test('setting it twice on the same context fails', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setNotFoundHandler(async () => 'a')
    let failure: unknown
    try {
      app.setNotFoundHandler(async () => 'b')
      await app.ready()
    } catch (err) {
      failure = err
    }
    assert.ok(failure instanceof Error)
    assert.match(failure.message, /Not found handler already set/)
    assert.match(failure.message, /'\/'/)
  })
})

test('the not-found handler parses the query string as routes do (repeated keys become an array)', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.get('/found', async (request) => request.query)
  app.setNotFoundHandler(async (request, reply) => reply.code(404).send(request.query))
  const found = await app.inject('/found?tag=a&tag=b&one=1')
  const missing = await app.inject('/missing?tag=a&tag=b&one=1')
  assert.deepEqual(found.json(), { tag: ['a', 'b'], one: '1' })
  assert.equal(missing.statusCode, 404)
  assert.deepEqual(missing.json(), found.json())
})
