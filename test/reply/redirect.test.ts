import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

describe('reply.redirect()', () => {
  test('redirect(url) answers 302 with a location header and an empty body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/old', async (_request, reply) => reply.redirect('/new'))
    const res = await app.inject('/old')
    assert.equal(res.statusCode, 302)
    assert.equal(res.headers.location, '/new')
    assert.equal(res.body, '')
  })

  test('redirect(code, url) uses the given code', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/moved', async (_request, reply) => reply.redirect(301, '/here'))
    const res = await app.inject('/moved')
    assert.equal(res.statusCode, 301)
    assert.equal(res.headers.location, '/here')
  })

  test("redirect(url, code), Fastify 5's order, uses the given code", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/moved', async (_request, reply) => reply.redirect('/there', 308))
    const res = await app.inject('/moved')
    assert.equal(res.statusCode, 308)
    assert.equal(res.headers.location, '/there')
  })

  test('both argument orders work in the Fastify 5 line too', async (t) => {
    const app = arbor({ fastifyLine: 5 })
    t.after(() => app.close())
    app.get('/new-order', async (_request, reply) => reply.redirect('/a', 301))
    app.get('/old-order', async (_request, reply) => reply.redirect(307, '/b'))
    const first = await app.inject('/new-order')
    assert.equal(first.statusCode, 301)
    assert.equal(first.headers.location, '/a')
    const second = await app.inject('/old-order')
    assert.equal(second.statusCode, 307)
    assert.equal(second.headers.location, '/b')
  })

  test('a code set before redirect(url) is kept', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/form', async (_request, reply) => reply.code(303).redirect('/result'))
    const res = await app.inject({ method: 'POST', url: '/form' })
    assert.equal(res.statusCode, 303)
    assert.equal(res.headers.location, '/result')
  })

  test('an absolute url is passed through unchanged', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/out', async (_request, reply) => reply.redirect('https://example.com/x?y=1'))
    const res = await app.inject('/out')
    assert.equal(res.headers.location, 'https://example.com/x?y=1')
  })

  test('over real HTTP, a client that follows the redirect lands on the target', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/start', async (_request, reply) => reply.redirect('/end'))
    app.get('/end', async () => ({ arrived: true }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const manual = await fetch(`${address}/start`, { redirect: 'manual' })
    assert.equal(manual.status, 302)
    assert.equal(manual.headers.get('location'), '/end')
    const followed = await fetch(`${address}/start`)
    assert.equal(followed.status, 200)
    assert.equal(followed.url, `${address}/end`)
    assert.deepEqual(await followed.json(), { arrived: true })
  })
})
