// errorCodes entries are constructors that may also be called without `new`, as
// @fastify/error's are in Fastify 4 and 5 (`errorCodes.FST_ERR_VALIDATION('msg')`).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { errorCodes } from '../../src/index.ts'

test('an error code called without new builds the same error as with new', () => {
  const called = errorCodes.FST_ERR_VALIDATION('custom error message')
  const built = new errorCodes.FST_ERR_VALIDATION('custom error message')
  for (const err of [called, built]) {
    assert.ok(err instanceof errorCodes.FST_ERR_VALIDATION)
    assert.ok(err instanceof Error)
    assert.equal(err.message, 'custom error message')
    assert.equal(err.code, 'FST_ERR_VALIDATION')
    assert.equal(err.statusCode, 400)
    assert.equal(err.name, 'FastifyError')
  }
})

test('a called error code keeps its kind: TypeError, and not another code', () => {
  const err = errorCodes.FST_ERR_INVALID_URL()
  assert.equal(err.code, 'FST_ERR_INVALID_URL')
  assert.ok(err instanceof TypeError)
  assert.equal(err instanceof errorCodes.FST_ERR_BAD_URL, false)
})

test("an error's constructor is the errorCodes entry, and its statics are kept", () => {
  const err = new errorCodes.FST_ERR_NOT_FOUND()
  assert.equal(err.constructor, errorCodes.FST_ERR_NOT_FOUND)
  assert.equal(errorCodes.FST_ERR_NOT_FOUND.code, 'FST_ERR_NOT_FOUND')
  assert.equal(errorCodes.FST_ERR_NOT_FOUND.statusCode, 404)
  assert.equal(errorCodes.FST_ERR_NOT_FOUND.name, 'FST_ERR_NOT_FOUND')
})

test('an error code can still be extended', () => {
  class NotHere extends errorCodes.FST_ERR_NOT_FOUND {}
  const err = new NotHere()
  assert.ok(err instanceof NotHere)
  assert.ok(err instanceof errorCodes.FST_ERR_NOT_FOUND)
  assert.equal(err.code, 'FST_ERR_NOT_FOUND')
})

test('the branded check holds across copies: an error from another copy is an ArborError', async () => {
  const { ArborError } = await import('../../src/errors.ts')
  const foreign = Object.create(Object.getPrototypeOf(errorCodes.FST_ERR_NOT_FOUND()))
  assert.ok(foreign instanceof ArborError)
  assert.ok(errorCodes.FST_ERR_PLUGIN_TIMEOUT('x') instanceof ArborError)
})
