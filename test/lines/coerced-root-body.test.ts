// Line table row `assignCoercedRoot` (docs/fastify-lines.md): a body that is a primitive and
// that Ajv coerces (`"10"` for `type: 'integer'`) keeps the value as sent in the Fastify 4 line,
// as in 4.25, and gets the coerced value in the Fastify 5 line, as in Fastify 5.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

async function postBody(fastifyLine: 4 | 5, payload: string, compileSchemas?: 'lazy' | 'eager') {
  const app = arbor({ fastifyLine, ...(compileSchemas ? { compileSchemas } : {}) })
  const schema = { body: { type: 'integer', minimum: 1, maximum: 10 } }
  app.post('/', { schema }, async (request) => ({ body: request.body, type: typeof request.body }))
  const res = await app.inject({
    method: 'POST',
    url: '/',
    headers: { 'content-type': 'application/json' },
    payload,
  })
  await app.close()
  return res
}

test('assignCoercedRoot, Fastify 4 line: a coerced primitive body stays as sent', async () => {
  const res = await postBody(4, '"10"')
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json(), { body: '10', type: 'string' })
})

test('assignCoercedRoot, Fastify 5 line: a coerced primitive body is assigned', async () => {
  for (const compileSchemas of ['lazy', 'eager'] as const) {
    const res = await postBody(5, '"10"', compileSchemas)
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: 10, type: 'number' })
  }
})

test('assignCoercedRoot: a body that fails validation is refused in both lines, with the spec wording', async () => {
  for (const line of [4, 5] as const) {
    const res = await postBody(line, '"11"')
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().message, 'body should be <= 10')
  }
})

test('assignCoercedRoot, Fastify 5 line: an object body is coerced in place as before', async (t) => {
  const app = arbor({ fastifyLine: 5 })
  t.after(() => app.close())
  const schema = { body: { type: 'object', properties: { n: { type: 'integer' } } } }
  app.post('/', { schema }, async (request) => request.body)
  const res = await app.inject({ method: 'POST', url: '/', payload: { n: '3' } })
  assert.deepEqual(res.json(), { n: 3 })
})
