import assert from 'node:assert/strict'
import { STATUS_CODES } from 'node:http'

/** Asserts `res` is an arbor error reply with `statusCode` and `code`, and returns its payload. */
export function assertError(
  res: { statusCode: number; body: string },
  statusCode: number,
  code: string,
): Record<string, unknown> {
  assert.equal(res.statusCode, statusCode)
  const payload = JSON.parse(res.body) as Record<string, unknown>
  assert.deepEqual(Object.keys(payload).sort(), ['code', 'error', 'message', 'statusCode'])
  assert.equal(payload.statusCode, statusCode)
  assert.equal(payload.code, code)
  assert.equal(payload.error, STATUS_CODES[statusCode])
  return payload
}
