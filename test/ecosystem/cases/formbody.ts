// @fastify/formbody cases shared by its Fastify 4 major (7) and its Fastify 5 major (9): the
// application/x-www-form-urlencoded parser it adds with addContentTypeParser, feeding arbor's
// body validation.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { App, PluginCase } from './plugin-case.ts'

const FORM = 'application/x-www-form-urlencoded'

/** POSTs a urlencoded `payload` to `url` through inject. */
function postForm(app: App, url: string, payload: string) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': FORM }, payload })
}

export function formbodyCases({ plugin, app: makeApp, label }: PluginCase): void {
  async function build(options: Record<string, unknown> = {}) {
    const app = makeApp()
    await app.register(plugin, options)
    app.post('/echo', async (request) => request.body)
    return app
  }

  test(`${label}: a urlencoded body reaches the handler as an object`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await postForm(app, '/echo', 'name=Ada+Lovelace&lang=en&lang=fr&note=%C3%A9t%C3%A9')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { name: 'Ada Lovelace', lang: ['en', 'fr'], note: 'été' })
  })

  test(`${label}: over real HTTP a urlencoded body reaches the handler as an object`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const post = (init: RequestInit) =>
      fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', ...init })
    const res = await post({
      headers: { 'content-type': FORM },
      body: 'name=Ada+Lovelace&lang=en&lang=fr&note=%C3%A9t%C3%A9',
    })
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { name: 'Ada Lovelace', lang: ['en', 'fr'], note: 'été' })
    // URLSearchParams as the body: fetch sends it urlencoded.
    const params = await post({ body: new URLSearchParams({ a: '1' }) })
    assert.deepEqual(await params.json(), { a: '1' })
  })

  test(`${label}: a form body is validated against the route body schema`, async (t) => {
    const app = await build()
    t.after(() => app.close())
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
    for (const age of [42, 30]) {
      const ok = await postForm(app, '/signup', `age=${age}`)
      assert.equal(ok.statusCode, 200)
      assert.deepEqual(ok.json(), { age }, 'the string is coerced to the schema integer')
    }
    const young = await postForm(app, '/signup', 'age=12')
    assert.equal(young.statusCode, 400)
  })

  test(`${label}: a custom parser and bodyLimit are honoured`, async (t) => {
    const app = await build({
      parser: (body: string) => ({ raw: body }),
      bodyLimit: 16,
    })
    t.after(() => app.close())
    const parsed = await postForm(app, '/echo', 'a=1&b=2')
    assert.deepEqual(parsed.json(), { raw: 'a=1&b=2' })
    const tooLarge = await postForm(app, '/echo', 'a=12345678901234567890')
    assert.equal(tooLarge.statusCode, 413)
  })

  test(`${label}: bodyLimit alone refuses a larger form with 413`, async (t) => {
    const app = await build({ bodyLimit: 16 })
    t.after(() => app.close())
    const res = await postForm(app, '/echo', `text=${'x'.repeat(64)}`)
    assert.equal(res.statusCode, 413)
  })

  test(`${label}: JSON bodies are still parsed by arbor's own parser`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { json: true } })
    assert.deepEqual(res.json(), { json: true })
  })
}
