// The `loggerInstance` factory option (Fastify 5, in every line), the checks Fastify 5 makes on
// `logger` and `loggerInstance`, and what the default request serializer logs.
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import pino from 'pino'
import arbor from '../../src/index.ts'
import type { ArborLogger } from '../../src/types/logger.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = Record<string, unknown>

describe('loggerInstance', () => {
  for (const fastifyLine of [4, 5] as const) {
    test(`a pino instance logs the requests, with the default serializers (Fastify ${fastifyLine} line)`, async (t) => {
      const { lines, stream } = captureLogs<Line>()
      const app = arbor({ fastifyLine, loggerInstance: pino({ level: 'info' }, stream) })
      t.after(() => app.close())
      app.get('/', async (request) => {
        request.log.info('from the handler')
        return 'ok'
      })
      await app.inject({ url: '/', headers: { 'accept-version': '1.2.0' } })
      assert.deepEqual(
        lines.map((l) => l.msg),
        ['incoming request', 'from the handler', 'request completed'],
      )
      const req = lines[0]!.req as Line
      assert.equal(req.method, 'GET')
      assert.equal(req.version, '1.2.0')
      assert.deepEqual(lines[2]!.res, { statusCode: 200 })
    })
  }

  test('the instance’s own serializers win over the defaults', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const loggerInstance = pino(
      { level: 'info', serializers: { req: (req: { url: string }) => ({ only: req.url }) } },
      stream,
    )
    const app = arbor({ loggerInstance })
    t.after(() => app.close())
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(lines[0]!.req, { only: '/' })
  })

  test('its level applies, and a plugin’s logLevel changes it for the plugin’s routes', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ loggerInstance: pino({ level: 'error' }, stream) })
    t.after(() => app.close())
    app.get('/quiet', async (request) => {
      request.log.info('not written')
      return 'ok'
    })
    app.register(
      async (child) => {
        child.get('/loud', async (request) => {
          request.log.info('written')
          return 'ok'
        })
      },
      { logLevel: 'info' },
    )
    await app.inject('/quiet')
    await app.inject('/loud')
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['incoming request', 'written', 'request completed'],
    )
  })

  test('a pino-compatible logger that is not pino gets the request lines', async (t) => {
    const calls: unknown[][] = []
    const custom: ArborLogger = {
      level: 'info',
      fatal: () => {},
      error: () => {},
      warn: () => {},
      info: (...args: unknown[]) => {
        calls.push(args)
      },
      debug: () => {},
      trace: () => {},
      child: () => custom,
    }
    const app = arbor({ loggerInstance: custom })
    t.after(() => app.close())
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(
      calls.map((c) => c[1]),
      ['incoming request', 'request completed'],
    )
  })

  test('options given as loggerInstance: FST_ERR_LOG_INVALID_LOGGER_INSTANCE', () => {
    assert.throws(() => arbor({ loggerInstance: { level: 'info' } as unknown as ArborLogger }), {
      code: 'FST_ERR_LOG_INVALID_LOGGER_INSTANCE',
      message: 'loggerInstance only accepts a logger instance.',
      statusCode: 500,
    })
  })

  test('a loggerInstance with only some logger methods: FST_ERR_LOG_INVALID_LOGGER naming the others', () => {
    const partial = { info: () => {}, error: () => {} } as unknown as ArborLogger
    assert.throws(() => arbor({ loggerInstance: partial }), {
      code: 'FST_ERR_LOG_INVALID_LOGGER',
      message:
        "Invalid logger object provided. The logger instance should have these functions(s): 'debug,fatal,warn,trace,child'.",
    })
  })

  test('both logger and loggerInstance: FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED, in both lines', () => {
    for (const fastifyLine of [4, 5] as const) {
      assert.throws(
        () => arbor({ fastifyLine, logger: { level: 'info' }, loggerInstance: pino() }),
        {
          code: 'FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED',
          message: 'You cannot provide both logger and loggerInstance. Please provide only one.',
        },
      )
    }
  })

  test('logger: false beside a loggerInstance is no conflict', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: false, loggerInstance: pino(stream) })
    t.after(() => app.close())
    app.log.info('hello')
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['hello'],
    )
  })
})

describe('logger options: where the lines go', () => {
  test('logger.file writes the lines to that file', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'arbor-log-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, 'app.log')
    const app = arbor({ logger: { level: 'info', file } })
    t.after(() => app.close())
    app.get('/', async () => 'ok')
    await app.inject('/')
    const read = () => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [])
    // pino's file destination writes asynchronously
    for (let i = 0; i < 100 && read().length < 2; i++) await sleep(20)
    assert.deepEqual(
      read().map((l) => (JSON.parse(l) as Line).msg),
      ['incoming request', 'request completed'],
    )
  })

  test('both logger.stream and logger.file: FST_ERR_LOG_INVALID_DESTINATION', () => {
    assert.throws(() => arbor({ logger: { stream: { write() {} }, file: '/tmp/x.log' } }), {
      code: 'FST_ERR_LOG_INVALID_DESTINATION',
      message: 'Cannot specify both logger.stream and logger.file options',
    })
  })
})
