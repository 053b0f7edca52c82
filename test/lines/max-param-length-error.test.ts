// Line table row `maxParamLengthError` (docs/fastify-lines.md): a parameter longer than
// `maxParamLength` matches no route in the Fastify 4 line (404) and is refused with 414
// FST_ERR_MAX_PARAM_LENGTH, through `frameworkErrors` when set, in the Fastify 5 line.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { type ArborOptions, errorCodes } from '../../src/index.ts'

function app(options: ArborOptions) {
  const instance = arbor({ maxParamLength: 5, ...options })
  instance.get('/users/:id', (request) => request.params)
  return instance
}

test('maxParamLengthError, Fastify 4 line: a too-long parameter is a 404', async () => {
  const res = await app({ fastifyLine: 4 }).inject('/users/123456')
  assert.equal(res.statusCode, 404)
  assert.equal(res.json().message, 'Route GET:/users/123456 not found')
})

test('maxParamLengthError, Fastify 5 line: a too-long parameter is 414 FST_ERR_MAX_PARAM_LENGTH', async () => {
  const instance = app({ fastifyLine: 5 })
  assert.equal((await instance.inject('/users/12345')).statusCode, 200)
  const res = await instance.inject('/users/123456')
  assert.equal(res.statusCode, 414)
  assert.deepEqual(res.json(), {
    error: 'URI Too Long',
    code: 'FST_ERR_MAX_PARAM_LENGTH',
    message: "'/users/123456' is exceeding the max param length",
    statusCode: 414,
  })
})

test('maxParamLengthError, Fastify 5 line: frameworkErrors gets the error with a request and reply', async () => {
  const seen: unknown[] = []
  const instance = app({
    fastifyLine: 5,
    genReqId: () => 'id-1',
    frameworkErrors(error, request, reply) {
      seen.push(error instanceof errorCodes.FST_ERR_MAX_PARAM_LENGTH, request.id)
      reply.code(414).send(`${error.message} (${(error as Error & { code: string }).code})`)
    },
  })
  const res = await instance.inject('/users/123456')
  assert.equal(res.statusCode, 414)
  assert.equal(
    res.body,
    "'/users/123456' is exceeding the max param length (FST_ERR_MAX_PARAM_LENGTH)",
  )
  assert.deepEqual(seen, [true, 'id-1'])
})

test('routerOptions.onMaxParamLength answers such a path in both lines', async () => {
  for (const fastifyLine of [4, 5] as const) {
    const instance = app({
      fastifyLine,
      routerOptions: {
        onMaxParamLength(path, _req, res) {
          res.statusCode = 400
          res.end(`too long: ${path}`)
        },
      },
    })
    const res = await instance.inject('/users/123456')
    assert.equal(res.statusCode, 400)
    assert.equal(res.body, 'too long: /users/123456')
  }
})
