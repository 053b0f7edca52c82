// Line table row `jsonSyntaxErrorMessage` (docs/fastify-lines.md): an invalid JSON body gets
// 400 FST_ERR_CTP_INVALID_JSON_BODY in both lines; its message is JSON.parse's in the Fastify 4
// line (4.25 answered with the SyntaxError) and Fastify 5's fixed text in the Fastify 5 line.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

async function invalidJson(fastifyLine: 4 | 5, viaGetter = false) {
  const app = arbor({ fastifyLine })
  if (viaGetter) {
    app.addContentTypeParser(
      'application/vnd.x+json',
      { parseAs: 'string' },
      app.getDefaultJsonParser('error', 'error'),
    )
  }
  app.post('/', async (request) => request.body)
  const res = await app.inject({
    method: 'POST',
    url: '/',
    headers: { 'content-type': viaGetter ? 'application/vnd.x+json' : 'application/json' },
    payload: ']',
  })
  await app.close()
  return res
}

test('jsonSyntaxErrorMessage, Fastify 4 line: the message is what JSON.parse said', async () => {
  const res = await invalidJson(4)
  assert.equal(res.statusCode, 400)
  const body = res.json()
  assert.equal(body.code, 'FST_ERR_CTP_INVALID_JSON_BODY')
  let expected = ''
  try {
    JSON.parse(']')
  } catch (err) {
    expected = (err as Error).message
  }
  assert.equal(body.message, expected)
})

test("jsonSyntaxErrorMessage, Fastify 5 line: Fastify 5's fixed message", async () => {
  const res = await invalidJson(5)
  assert.deepEqual(res.json(), {
    statusCode: 400,
    code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    error: 'Bad Request',
    message: "Body is not valid JSON but content-type is set to 'application/json'",
  })
})

test('jsonSyntaxErrorMessage: getDefaultJsonParser follows the line too', async () => {
  assert.notEqual(
    (await invalidJson(4, true)).json().message,
    (await invalidJson(5, true)).json().message,
  )
  assert.equal(
    (await invalidJson(5, true)).json().message,
    "Body is not valid JSON but content-type is set to 'application/json'",
  )
})
