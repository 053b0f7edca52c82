// RFC 10008 QUERY, routed in both lines (a Fastify 5 addition): docs/routes.md "Methods".
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

const queryApp = (fastifyLine: 4 | 5) => {
  const app = arbor({ fastifyLine })
  app.query('/search', async (request) => ({ got: request.body }))
  return app
}
const QUERY = 'QUERY' as 'GET'

for (const line of [4, 5] as const) {
  test(`QUERY (line ${line}): a JSON query body reaches the handler parsed`, async (t) => {
    const app = queryApp(line)
    t.after(() => app.close())
    const res = await app.inject({ method: QUERY, url: '/search', payload: { q: 'arbor' } })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { got: { q: 'arbor' } })
  })
}

test('QUERY without a content type: 400 FST_ERR_ROUTE_MISSING_CONTENT_TYPE', async (t) => {
  const app = queryApp(5)
  t.after(() => app.close())
  const res = await app.inject({ method: QUERY, url: '/search', payload: '{"q":1}' })
  assert.equal(res.statusCode, 400)
  assert.deepEqual(res.json(), {
    statusCode: 400,
    code: 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE',
    error: 'Bad Request',
    message: "Method 'QUERY' must provide a 'Content-Type' header.",
  })
})

test('QUERY with a content type and no content: 400 FST_ERR_ROUTE_MISSING_CONTENT', async (t) => {
  const app = queryApp(4)
  t.after(() => app.close())
  const res = await app.inject({
    method: QUERY,
    url: '/search',
    headers: { 'content-type': 'application/json' },
  })
  assert.equal(res.statusCode, 400)
  assert.deepEqual(res.json(), {
    statusCode: 400,
    code: 'FST_ERR_ROUTE_MISSING_CONTENT',
    error: 'Bad Request',
    message: "Method 'QUERY' must provide a request body.",
  })
})

test('QUERY with content the parser refuses: 400 FST_ERR_CTP_INVALID_JSON_BODY', async (t) => {
  const app = queryApp(5)
  t.after(() => app.close())
  const res = await app.inject({
    method: QUERY,
    url: '/search',
    headers: { 'content-type': 'application/json' },
    payload: 'not json',
  })
  assert.equal(res.statusCode, 400)
  assert.equal(res.json().code, 'FST_ERR_CTP_INVALID_JSON_BODY')
})

test('QUERY of a media type with no parser: 415 FST_ERR_CTP_INVALID_MEDIA_TYPE', async (t) => {
  const app = queryApp(5)
  t.after(() => app.close())
  const res = await app.inject({
    method: QUERY,
    url: '/search',
    headers: { 'content-type': 'application/ld+json' },
    payload: '{"q":1}',
  })
  assert.equal(res.statusCode, 415)
  assert.equal(res.json().code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
})

test('QUERY to an unmatched URL answers 404, content type or not', async (t) => {
  const app = queryApp(5)
  t.after(() => app.close())
  const res = await app.inject({ method: QUERY, url: '/nowhere' })
  assert.equal(res.statusCode, 404)
})
