// Line table row `errorHandlerOverrideWarning` (docs/fastify-lines.md): replacing the error
// handler of a scope (a second setErrorHandler in one context) warns FSTWRN004 in the Fastify 5
// line; the Fastify 4 line, as 4.25, replaces it silently. allowErrorHandlerOverride: false
// (both lines) refuses the second call instead.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

function warningsDuring(fn: () => void): string[] {
  const codes: string[] = []
  const listener = (w: Error & { code?: string }) => codes.push(String(w.code))
  const original = process.emitWarning
  process.emitWarning = ((warning: string | Error, options?: { code?: string } | string) => {
    listener(
      Object.assign(new Error(String(warning)), { code: (options as { code?: string })?.code }),
    )
  }) as typeof process.emitWarning
  try {
    fn()
  } finally {
    process.emitWarning = original
  }
  return codes
}

test('errorHandlerOverrideWarning, Fastify 5 line: a second handler in one scope warns FSTWRN004', () => {
  const app = arbor({ fastifyLine: 5 })
  const codes = warningsDuring(() => {
    app.setErrorHandler(() => {})
    app.setErrorHandler(() => {})
  })
  assert.deepEqual(codes, ['FSTWRN004'])
})

test('errorHandlerOverrideWarning, Fastify 4 line: a second handler replaces the first silently', () => {
  const app = arbor({ fastifyLine: 4 })
  const codes = warningsDuring(() => {
    app.setErrorHandler(() => {})
    app.setErrorHandler(() => {})
  })
  assert.deepEqual(codes, [])
})

test('errorHandlerOverrideWarning: a child scope setting its own handler does not warn', async () => {
  const app = arbor({ fastifyLine: 5 })
  let codes: string[] = []
  app.setErrorHandler(() => {})
  app.register(async (child) => {
    codes = warningsDuring(() => child.setErrorHandler(() => {}))
  })
  await app.ready()
  assert.deepEqual(codes, [])
})
