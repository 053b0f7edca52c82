// setErrorHandler's checks, as in Fastify 5 (every line): a non-function is refused with
// FST_ERR_ERROR_HANDLER_NOT_FN; `allowErrorHandlerOverride: false` refuses a second handler in
// one scope with FST_ERR_ERROR_HANDLER_ALREADY_SET. The FSTWRN004 warning is a line row
// (test/lines/error-handler-override.test.ts).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { errorCodes, plugin } from '../../src/index.ts'

for (const line of [4, 5] as const) {
  test(`Fastify ${line} line: setErrorHandler refuses a non-function with FST_ERR_ERROR_HANDLER_NOT_FN`, () => {
    const app = arbor({ fastifyLine: line })
    const err = (() => {
      try {
        app.setErrorHandler('not a function' as never)
      } catch (e) {
        return e as Error & { code: string }
      }
      return assert.fail('should throw')
    })()
    assert.ok(err instanceof errorCodes.FST_ERR_ERROR_HANDLER_NOT_FN)
    assert.ok(err instanceof TypeError)
    assert.equal(err.message, 'Error Handler must be a function')
  })
}

test('allowErrorHandlerOverride (default true): the second handler of a scope replaces the first', async () => {
  const app = arbor()
  app.setErrorHandler((_e, _q, reply) => reply.code(501).send('first'))
  app.setErrorHandler((_e, _q, reply) => reply.code(502).send('second'))
  app.get('/', () => {
    throw new Error('x')
  })
  const res = await app.inject('/')
  assert.equal(res.statusCode, 502)
  assert.equal(res.body, 'second')
})

test('allowErrorHandlerOverride: false refuses a second handler in the same scope', () => {
  const app = arbor({ allowErrorHandlerOverride: false })
  app.setErrorHandler(() => {})
  assert.throws(() => app.setErrorHandler(() => {}), {
    code: 'FST_ERR_ERROR_HANDLER_ALREADY_SET',
    message:
      "Error Handler already set in this scope. Set 'allowErrorHandlerOverride: true' to allow overriding.",
  })
})

test('allowErrorHandlerOverride: false lets each plugin context set its own handler once', async () => {
  const app = arbor({ allowErrorHandlerOverride: false })
  app.setErrorHandler(() => {})
  let second: unknown
  app.register(async (child) => {
    child.setErrorHandler(() => {})
    try {
      child.setErrorHandler(() => {})
    } catch (err) {
      second = err
    }
  })
  await app.ready()
  assert.equal((second as { code?: string }).code, 'FST_ERR_ERROR_HANDLER_ALREADY_SET')
})

test("allowErrorHandlerOverride: false counts a wrapped plugin's handler in its parent's scope", async () => {
  const app = arbor({ allowErrorHandlerOverride: false })
  app.setErrorHandler(() => {})
  app.register(
    plugin(async (instance) => {
      instance.setErrorHandler(() => {})
    }),
  )
  await assert.rejects(app.ready(), { code: 'FST_ERR_ERROR_HANDLER_ALREADY_SET' })
})
