import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

function build() {
  const app = arbor()
  app.get('/echo', async (request) => ({
    query: request.query,
    custom: request.headers['x-custom'] ?? null,
  }))
  app.post('/echo', async (request) => ({ body: request.body }))
  return app
}

describe('inject', () => {
  test('promise form resolves a response with statusCode, headers, payload, body and json()', async (t) => {
    const app = build()
    t.after(() => app.close())
    const res = await app.inject({ method: 'GET', url: '/echo?a=1' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.statusMessage, 'OK')
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(res.headers['content-length'], String(Buffer.byteLength(res.payload)))
    assert.equal(res.payload, '{"query":{"a":"1"},"custom":null}')
    assert.equal(res.body, res.payload)
    assert.deepEqual(res.json(), { query: { a: '1' }, custom: null })
    assert.ok(Buffer.isBuffer(res.rawPayload))
  })

  test('a string argument is the url of a GET', async (t) => {
    const app = build()
    t.after(() => app.close())
    const res = await app.inject('/echo?b=2')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { query: { b: '2' }, custom: null })
  })

  test('callback form calls back with (err, response)', async (t) => {
    const app = build()
    t.after(() => app.close())
    const res = await new Promise<{ statusCode: number; json: () => unknown }>(
      (resolve, reject) => {
        app.inject({ method: 'GET', url: '/echo' }, (err, response) => {
          if (err || !response) reject(err)
          else resolve(response)
        })
      },
    )
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { query: {}, custom: null })
  })

  test('chained form: inject().get(url).headers({...}).query({...}).end()', async (t) => {
    const app = build()
    t.after(() => app.close())
    const res = await app
      .inject()
      .get('/echo')
      .headers({ 'x-custom': 'yes' })
      .query({ q: 'v' })
      .end()
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { query: { q: 'v' }, custom: 'yes' })
  })

  test('chained form: inject().post(url).payload(object).end(callback)', async (t) => {
    const app = build()
    t.after(() => app.close())
    const res = await new Promise<{ statusCode: number; json: () => unknown }>(
      (resolve, reject) => {
        app
          .inject()
          .post('/echo')
          .payload({ x: 1 })
          .end((err, response) => {
            if (err || !response) reject(err)
            else resolve(response)
          })
      },
    )
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: { x: 1 } })
  })

  test('an object payload is sent as JSON with content-type application/json', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/', async (request) => ({
      type: request.headers['content-type'],
      body: request.body,
    }))
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: [1, 2] } })
    assert.deepEqual(res.json(), { type: 'application/json', body: { a: [1, 2] } })
  })

  test('inject waits for ready() itself: routes from a slow async plugin are served', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (instance) => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      instance.get('/late', async () => ({ late: true }))
    })
    const res = await app.inject({ method: 'GET', url: '/late' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { late: true })
  })

  test('inject rejects with the plugin error when loading fails', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async () => {
      throw new Error('cannot load')
    })
    await assert.rejects(app.inject({ method: 'GET', url: '/' }), { message: 'cannot load' })
  })

  test('inject works without listening: no port is bound', async (t) => {
    const app = build()
    t.after(() => app.close())
    await app.inject({ method: 'GET', url: '/echo' })
    assert.equal(app.server.listening, false)
  })

  test('inject works on a listening instance too', async (t) => {
    const app = build()
    t.after(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await app.inject({ method: 'GET', url: '/echo?z=9' })
    assert.deepEqual(res.json(), { query: { z: '9' }, custom: null })
  })

  test('many concurrent injects each get their own response', async (t) => {
    const app = build()
    t.after(() => app.close())
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.inject({ method: 'GET', url: `/echo?i=${i}` })),
    )
    assert.deepEqual(
      responses.map((r) => r.json()),
      Array.from({ length: 20 }, (_, i) => ({ query: { i: String(i) }, custom: null })),
    )
  })
})
