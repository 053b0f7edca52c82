// Line table row `disableRequestLoggingCoversErrors` (docs/fastify-lines.md): with
// `disableRequestLogging`, the Fastify 4 line still writes the default 404 handler's line and
// the default error handler's line, as Fastify 4.25 did; the Fastify 5 line silences them too.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

const messages = async (fastifyLine: 4 | 5, disableRequestLogging: boolean | (() => boolean)) => {
  const { lines, stream } = captureLogs<{ msg: string }>()
  const app = arbor({ fastifyLine, logger: { level: 'info', stream }, disableRequestLogging })
  app.get('/boom', async () => {
    throw new Error('boom')
  })
  await app.inject('/nope')
  await app.inject('/boom')
  await app.close()
  return lines.map((l) => l.msg)
}

test('disableRequestLoggingCoversErrors, Fastify 4 line: the 404 and error lines are still written', async () => {
  const expected = ['Route GET:/nope not found', 'boom']
  assert.deepEqual(await messages(4, true), expected)
  assert.deepEqual(await messages(4, () => true), expected)
})

test('disableRequestLoggingCoversErrors, Fastify 5 line: the 404 and error lines are silenced too', async () => {
  assert.deepEqual(await messages(5, true), [])
  assert.deepEqual(await messages(5, () => true), [])
})

test('without disableRequestLogging both lines write every line', async () => {
  for (const fastifyLine of [4, 5] as const) {
    assert.deepEqual(await messages(fastifyLine, false), [
      'incoming request',
      'Route GET:/nope not found',
      'request completed',
      'incoming request',
      'boom',
      'request completed',
    ])
  }
})
