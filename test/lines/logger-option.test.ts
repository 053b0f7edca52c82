// Line table row `loggerOptionTakesInstance` (docs/fastify-lines.md): the `logger` option takes a
// ready-made logger in the Fastify 4 line, as Fastify 4.25 did; the Fastify 5 line refuses it
// with FST_ERR_LOG_INVALID_LOGGER_CONFIG (it belongs in `loggerInstance`, in both lines).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import pino from 'pino'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = { msg: string; req?: Record<string, unknown> }

test('loggerOptionTakesInstance, Fastify 4 line: logger takes a pino instance and logs through it', async (t) => {
  const { lines, stream } = captureLogs<Line>()
  const app = arbor({ fastifyLine: 4, logger: pino(stream) })
  t.after(() => app.close())
  app.get('/', async () => 'ok')
  await app.inject('/')
  assert.deepEqual(
    lines.map((l) => l.msg),
    ['incoming request', 'request completed'],
  )
  // wrapped with the default serializers, as Fastify 4.25 does
  assert.equal(lines[0]!.req!.url, '/')
})

test('loggerOptionTakesInstance, Fastify 5 line: logger refuses an instance (FST_ERR_LOG_INVALID_LOGGER_CONFIG)', () => {
  assert.throws(() => arbor({ fastifyLine: 5, logger: pino() }), {
    code: 'FST_ERR_LOG_INVALID_LOGGER_CONFIG',
    message: 'logger options only accepts a configuration object.',
    statusCode: 500,
  })
})

test('logger options build a pino logger in both lines', async (t) => {
  for (const fastifyLine of [4, 5] as const) {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ fastifyLine, logger: { level: 'error', stream } })
    t.after(() => app.close())
    app.log.info('dropped')
    app.log.error('kept')
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['kept'],
    )
  }
})
