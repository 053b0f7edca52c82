// @fastify/formbody 7 on arbor: the application/x-www-form-urlencoded parser it adds with
// addContentTypeParser, feeding arbor's body validation.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import formbody from '@fastify/formbody'
import arbor from '../../src/index.ts'

const FORM = 'application/x-www-form-urlencoded'

async function build(options: Record<string, unknown> = {}) {
  const app = arbor()
  await app.register(formbody, options)
  app.post('/echo', async (request) => request.body)
  return app
}

test('@fastify/formbody: a urlencoded body reaches the handler as an object', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const res = await app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': FORM },
    payload: 'name=Ada+Lovelace&lang=en&lang=fr&note=%C3%A9t%C3%A9',
  })
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json(), { name: 'Ada Lovelace', lang: ['en', 'fr'], note: 'été' })
})

test('@fastify/formbody: a form body is validated against the route body schema', async (t) => {
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
  const ok = await app.inject({
    method: 'POST',
    url: '/signup',
    headers: { 'content-type': FORM },
    payload: 'age=42',
  })
  assert.equal(ok.statusCode, 200)
  assert.deepEqual(ok.json(), { age: 42 }, 'the string "42" is coerced to the schema integer')
  const young = await app.inject({
    method: 'POST',
    url: '/signup',
    headers: { 'content-type': FORM },
    payload: 'age=12',
  })
  assert.equal(young.statusCode, 400)
})

test('@fastify/formbody: a custom parser and bodyLimit are honoured', async (t) => {
  const app = await build({
    parser: (body: string) => ({ raw: body }),
    bodyLimit: 16,
  })
  t.after(() => app.close())
  const parsed = await app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': FORM },
    payload: 'a=1&b=2',
  })
  assert.deepEqual(parsed.json(), { raw: 'a=1&b=2' })
  const tooLarge = await app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': FORM },
    payload: 'a=12345678901234567890',
  })
  assert.equal(tooLarge.statusCode, 413)
})

test("@fastify/formbody: JSON bodies are still parsed by arbor's own parser", async (t) => {
  const app = await build()
  t.after(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/echo', payload: { json: true } })
  assert.deepEqual(res.json(), { json: true })
})
