// arbor/client at run time (docs/client.md), the same calls over real HTTP on 127.0.0.1 and
// through the app's inject: escaping, the querystring as arbor parses it, JSON bodies, arbor's
// error bodies, a streamed text reply.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type ArborClient, client } from '../../src/client/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { type App, buildApp } from './app.ts'

const served = buildApp()
const injected = buildApp()
let port = 0
before(async () => {
  port = await listenLocal(served)
})
after(async () => {
  await served.close()
  await injected.close()
})

const transports: Array<[string, () => ArborClient<App>]> = [
  ['over HTTP', () => client<App>(`http://127.0.0.1:${port}`)],
  ['through inject', () => client(injected)],
]

for (const [name, make] of transports) {
  describe(`client ${name}`, () => {
    test('a path param with characters that need escaping arrives as it was given', async () => {
      const id = 'a b/c?d#e%f&é'
      const r = await make().get('/users/:id', { params: { id } })
      assert.equal(r.status, 200)
      if (r.status !== 200) return
      assert.deepEqual(r.body, { id, name: `user ${id}` })
      assert.equal(r.ok, true)
      assert.match(r.headers.get('content-type') ?? '', /^application\/json/)
    })

    test('arrays, numbers, booleans and reserved characters in the querystring parse back', async () => {
      const r = await make().get('/search', {
        query: { tags: ['x', 'y z', 'a&b=c+d'], page: 2, exact: false, q: '100%' },
      })
      assert.equal(r.status, 200)
      assert.deepEqual(r.body, { tags: ['x', 'y z', 'a&b=c+d'], page: 2, exact: false, q: '100%' })
    })

    test('a JSON body goes with its content-type, and headers with it', async () => {
      const r = await make().post('/todos', {
        body: { title: 'write docs' },
        headers: { 'x-trace': 't-1' },
      })
      assert.equal(r.status, 201)
      assert.deepEqual(r.body, { title: 'write docs', trace: 't-1' })
    })

    test('400: the validation error body arbor sends', async () => {
      // a body the types refuse, sent anyway: what a JavaScript caller could do
      const r = await make().post('/todos', {
        body: { done: true } as unknown as { title: string },
      })
      assert.equal(r.status, 400)
      assert.equal(r.ok, false)
      if (r.status !== 400) return
      assert.equal(r.body.statusCode, 400)
      assert.equal(r.body.code, 'FST_ERR_VALIDATION')
      assert.equal(r.body.error, 'Bad Request')
      assert.equal(r.body.message, "body should have required property 'title'")
    })

    test('401 from bearer-auth in a prefixed plugin, and 200 with the key', async () => {
      const denied = await make().get('/admin/stats')
      assert.equal(denied.status, 401)
      if (denied.status === 401) assert.equal(denied.body.error, 'Unauthorized')
      const allowed = await make().get('/admin/stats', {
        headers: { authorization: 'Bearer secret' },
      })
      assert.equal(allowed.status, 200)
      if (allowed.status === 200) assert.equal(allowed.body.users, 2)
    })

    test('404 and 500: arbor’s error bodies', async () => {
      const missing = await make().get('/gone/:what', { params: { what: 'x' } })
      assert.equal(missing.status, 404)
      assert.deepEqual(missing.body, {
        message: 'Route GET:/gone/x not found',
        error: 'Not Found',
        statusCode: 404,
      })
      const failed = await make().get('/boom')
      assert.equal(failed.status, 500)
      assert.deepEqual(failed.body, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'boom',
      })
    })

    test('a streamed text reply is read whole, as text', async () => {
      const r = await make().get('/stream')
      assert.equal(r.status, 200)
      assert.equal(r.body, 'one two three')
    })

    test('204: no body', async () => {
      const r = await make().delete('/todos/:id', { params: { id: 7 } })
      assert.equal(r.status, 204)
      assert.equal(r.body, undefined)
    })
  })
}

test('a fetch option is called in place of the global fetch, with the built request', async () => {
  const seen: Array<{ url: string; init: RequestInit }> = []
  const api = client<App>('http://example.test/base/', {
    headers: () => ({ authorization: 'Bearer secret' }),
    fetch: async (url, init) => {
      seen.push({ url, init })
      return new Response('{"users":3}', { headers: { 'content-type': 'application/json' } })
    },
  })
  const r = await api.post('/todos', { body: { title: 't' } })
  assert.deepEqual(r.body, { users: 3 })
  assert.equal(seen[0]!.url, 'http://example.test/base/todos')
  assert.equal(seen[0]!.init.method, 'POST')
  assert.equal(seen[0]!.init.body, '{"title":"t"}')
  assert.deepEqual(seen[0]!.init.headers, {
    'content-type': 'application/json',
    authorization: 'Bearer secret',
  })
})

test('a missing path param is refused before any request', async () => {
  const api = client<App>('http://example.test', {
    fetch: async () => assert.fail('no request expected'),
  })
  await assert.rejects(
    api.get('/users/:id', { params: {} as { id: string } }),
    /no value for path parameter 'id'/,
  )
})
