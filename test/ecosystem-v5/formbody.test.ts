// @fastify/formbody 9 (the Fastify 5 major) on arbor, in both lines: the
// application/x-www-form-urlencoded parser it adds, feeding arbor's body validation.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import formbody from '@fastify/formbody-v5'
import { lines, overHttp } from './lines.ts'

const FORM = 'application/x-www-form-urlencoded'

for (const line of lines) {
  async function build(options: Record<string, unknown> = {}) {
    const app = line.app()
    await app.register(formbody, options)
    app.post('/echo', async (request) => request.body)
    app.post(
      '/signup',
      {
        schema: {
          body: {
            type: 'object',
            properties: { age: { type: 'integer', minimum: 18 } },
            required: ['age'],
          },
        },
      },
      async (request) => request.body,
    )
    return app
  }

  test(`@fastify/formbody 9 (${line.name}): over HTTP a urlencoded body reaches the handler as an object`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const res = await request('/echo', {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: 'name=Ada+Lovelace&lang=en&lang=fr&note=%C3%A9t%C3%A9',
    })
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { name: 'Ada Lovelace', lang: ['en', 'fr'], note: 'été' })
    // URLSearchParams as the body: fetch sends it urlencoded.
    const params = await request('/echo', { method: 'POST', body: new URLSearchParams({ a: '1' }) })
    assert.deepEqual(await params.json(), { a: '1' })
  })

  test(`@fastify/formbody 9 (${line.name}): a form body is coerced and validated by the route schema`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const ok = await app.inject({
      method: 'POST',
      url: '/signup',
      headers: { 'content-type': FORM },
      payload: 'age=30',
    })
    assert.deepEqual(ok.json(), { age: 30 })
    const young = await app.inject({
      method: 'POST',
      url: '/signup',
      headers: { 'content-type': FORM },
      payload: 'age=12',
    })
    assert.equal(young.statusCode, 400)
  })

  test(`@fastify/formbody 9 (${line.name}): bodyLimit refuses a larger form with 413`, async (t) => {
    const app = await build({ bodyLimit: 16 })
    t.after(() => app.close())
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': FORM },
      payload: `text=${'x'.repeat(64)}`,
    })
    assert.equal(res.statusCode, 413)
  })
}
