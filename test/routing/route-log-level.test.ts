// A route's `logLevel` is checked when the route is added (FST_ERR_ROUTE_LOG_LEVEL_INVALID), in
// both lines: Fastify 4.25 accepted a wrong level and then crashed at the route's first request.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import pino from 'pino'
import arbor from '../../src/index.ts'
import type { ArborLogger } from '../../src/types/logger.ts'
import { captureLogs } from '../helpers/log-capture.ts'

test('an unknown route logLevel throws FST_ERR_ROUTE_LOG_LEVEL_INVALID when the route is added', () => {
  for (const fastifyLine of [4, 5] as const) {
    const app = arbor({ fastifyLine, logger: { level: 'info', stream: { write() {} } } })
    assert.throws(() => app.get('/log', { logLevel: 'invalid' }, async () => 'ok'), {
      code: 'FST_ERR_ROUTE_LOG_LEVEL_INVALID',
      statusCode: 500,
      message: "Log level for 'GET:/log' route must be a valid logger level. Received: 'invalid'",
    })
  }
})

test('the check names the prefixed url and knows the logger’s custom levels', async (t) => {
  const { lines, stream } = captureLogs<{ msg: string; level: number }>()
  const app = arbor({
    loggerInstance: pino({ customLevels: { audit: 35 }, level: 'info' }, stream),
  })
  t.after(() => app.close())
  app.register(
    async (child) => {
      assert.throws(() => child.get('/x', { logLevel: 'nope' }, async () => 'ok'), {
        message: "Log level for 'GET:/v1/x' route must be a valid logger level. Received: 'nope'",
      })
      child.get('/audit', { logLevel: 'audit' }, async () => 'ok')
    },
    { prefix: '/v1' },
  )
  await app.inject('/v1/audit')
  // at level audit (35) the info lines of the request are not written
  assert.deepEqual(lines, [])
})

test('null and empty logLevel mean the context’s level', async (t) => {
  const { lines, stream } = captureLogs<{ msg: string }>()
  const app = arbor({ logger: { level: 'info', stream } })
  t.after(() => app.close())
  app.get('/null', { logLevel: null as unknown as string }, async () => 'ok')
  app.get('/empty', { logLevel: '' }, async () => 'ok')
  assert.equal((await app.inject('/null')).body, 'ok')
  assert.equal((await app.inject('/empty')).body, 'ok')
  assert.equal(lines.filter((l) => l.msg === 'incoming request').length, 2)
})

test('without a level table (logging off, a custom logger) the level is not checked', async (t) => {
  const quiet = arbor()
  t.after(() => quiet.close())
  quiet.get('/', { logLevel: 'whatever' }, async () => 'ok')
  assert.equal((await quiet.inject('/')).body, 'ok')
  const custom: ArborLogger = {
    level: 'info',
    fatal() {},
    error() {},
    warn() {},
    info() {},
    debug() {},
    trace() {},
    child: () => custom,
  }
  const app = arbor({ loggerInstance: custom })
  t.after(() => app.close())
  app.get('/', { logLevel: 'whatever' }, async () => 'ok')
  assert.equal((await app.inject('/')).body, 'ok')
})
