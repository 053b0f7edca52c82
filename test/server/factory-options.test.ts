import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

describe('the factory', () => {
  test('arbor() with no options builds an instance that serves a route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => ({ hello: 'world' }))
    const res = await app.inject({ method: 'GET', url: '/' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { hello: 'world' })
  })

  test('bodyLimit defaults to 1 MiB: 1048576 bytes pass, 1048577 bytes get 413', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/len', async (request) => ({ length: String(request.body).length }))
    const ok = await app.inject({
      method: 'POST',
      url: '/len',
      headers: { 'content-type': 'text/plain' },
      payload: 'a'.repeat(1048576),
    })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { length: 1048576 })
    const tooBig = await app.inject({
      method: 'POST',
      url: '/len',
      headers: { 'content-type': 'text/plain' },
      payload: 'a'.repeat(1048577),
    })
    assert.equal(tooBig.statusCode, 413)
    assert.deepEqual(tooBig.json(), {
      statusCode: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      error: 'Payload Too Large',
      message: 'Request body is too large',
    })
  })

  test('bodyLimit option lowers the limit for every route', async (t) => {
    const app = arbor({ bodyLimit: 10 })
    t.after(() => app.close())
    app.post('/', async (request) => ({ body: request.body }))
    const ok = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { body: { a: 1 } })
    const tooBig = await app.inject({ method: 'POST', url: '/', payload: { a: 'long string' } })
    assert.equal(tooBig.statusCode, 413)
  })

  test('onProtoPoisoning defaults to error: a body with __proto__ gets 400', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/', async (request) => ({ body: request.body }))
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1,"__proto__":{"polluted":true}}',
    })
    assert.equal(res.statusCode, 400)
    // arbor gives the error a code and names the key; Fastify 4.25 says 'Object contains forbidden prototype property'
    assert.deepEqual(res.json(), {
      statusCode: 400,
      code: 'FST_ERR_CTP_PROTO_POISONING',
      error: 'Bad Request',
      message: 'Body contains a forbidden prototype property: __proto__',
    })
  })

  test('onProtoPoisoning remove drops the __proto__ key', async (t) => {
    const app = arbor({ onProtoPoisoning: 'remove' })
    t.after(() => app.close())
    app.post('/', async (request) => ({ keys: Object.keys(request.body as object) }))
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1,"__proto__":{"polluted":true}}',
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { keys: ['a'] })
  })

  test('onConstructorPoisoning defaults to error: constructor.prototype gets 400', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/', async (request) => ({ body: request.body }))
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1,"constructor":{"prototype":{"polluted":true}}}',
    })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), {
      statusCode: 400,
      code: 'FST_ERR_CTP_PROTO_POISONING',
      error: 'Bad Request',
      message: 'Body contains a forbidden prototype property: constructor.prototype',
    })
  })

  test('onConstructorPoisoning ignore keeps the constructor key', async (t) => {
    const app = arbor({ onConstructorPoisoning: 'ignore' })
    t.after(() => app.close())
    app.post('/', async (request) => ({ keys: Object.keys(request.body as object) }))
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1,"constructor":{"prototype":{"x":1}}}',
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { keys: ['a', 'constructor'] })
  })

  test('connectionTimeout, keepAliveTimeout and requestTimeout are set on the node server', async (t) => {
    const app = arbor({ connectionTimeout: 12345, keepAliveTimeout: 4321, requestTimeout: 9876 })
    t.after(() => app.close())
    assert.equal(app.server.timeout, 12345)
    assert.equal(app.server.keepAliveTimeout, 4321)
    assert.equal(app.server.requestTimeout, 9876)
  })

  test('keepAliveTimeout defaults to 72 seconds', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    assert.equal(app.server.keepAliveTimeout, 72000)
  })

  test('pluginTimeout: a plugin that never calls done fails ready() with an error naming it', async (t) => {
    const app = arbor({ pluginTimeout: 20 })
    t.after(() => app.close())
    app.register(function neverDone(_instance, _opts, _done) {})
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      // Fastify 4.25 reports avvio's code here; arbor uses its FST_ERR_* name
      assert.ok(
        ['AVV_ERR_PLUGIN_EXEC_TIMEOUT', 'FST_ERR_PLUGIN_TIMEOUT'].includes(String(err.code)),
      )
      assert.match(err.message, /neverDone/)
      return true
    })
  })

  test('querystringParser replaces the query string parser', async (t) => {
    const app = arbor({
      querystringParser: (raw: string) => ({ raw, parsedBy: 'custom' }),
    })
    t.after(() => app.close())
    app.get('/', async (request) => request.query)
    const res = await app.inject({ method: 'GET', url: '/?a=1&a=2' })
    assert.deepEqual(res.json(), { raw: 'a=1&a=2', parsedBy: 'custom' })
  })

  test('logger: false gives a silent logger that still has every level method', async (t) => {
    const app = arbor({ logger: false })
    t.after(() => app.close())
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
      assert.equal(typeof app.log[level], 'function')
    }
    assert.equal(typeof app.log.child, 'function')
    app.log.info('nothing happens')
  })

  test('logger: true builds a pino logger at level info', async (t) => {
    const app = arbor({ logger: true })
    t.after(() => app.close())
    assert.equal(app.log.level, 'info')
    assert.equal(typeof app.log.child, 'function')
    assert.equal(typeof app.log.info, 'function')
  })

  test('logger: pino options with a destination stream write JSON lines there', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'warn', stream } })
    t.after(() => app.close())
    app.log.info('below the level')
    app.log.warn({ extra: 1 }, 'at the level')
    assert.equal(lines.length, 1)
    assert.equal(lines[0]?.msg, 'at the level')
    assert.equal(lines[0]?.level, 40)
    assert.equal(lines[0]?.extra, 1)
  })

  test('logger: a pino-compatible logger instance is used as is', async (t) => {
    const calls: { level: string; args: unknown[] }[] = []
    const makeLogger = (bindings: Record<string, unknown>): Record<string, unknown> => {
      const record =
        (level: string) =>
        (...args: unknown[]) =>
          calls.push({ level, args: [bindings, ...args] })
      return {
        level: 'info',
        fatal: record('fatal'),
        error: record('error'),
        warn: record('warn'),
        info: record('info'),
        debug: record('debug'),
        trace: record('trace'),
        silent: () => {},
        child: (more: Record<string, unknown>) => makeLogger({ ...bindings, ...more }),
      }
    }
    const logger = makeLogger({ root: true })
    // biome-ignore lint/suspicious/noExplicitAny: a duck-typed logger is what this test passes
    const app = arbor({ logger: logger as any })
    t.after(() => app.close())
    app.log.info('root line')
    assert.ok(calls.some((c) => c.level === 'info' && c.args[1] === 'root line'))
    app.get('/', async (request) => {
      request.log.info('inside')
      return { ok: true }
    })
    const res = await app.inject({ method: 'GET', url: '/' })
    assert.equal(res.statusCode, 200)
    const inside = calls.find((c) => c.args[1] === 'inside')
    assert.ok(inside, 'request.log.info reached the given logger')
    assert.equal(inside.level, 'info')
    const bindings = inside.args[0] as Record<string, unknown>
    assert.equal(bindings.root, true)
    assert.equal(typeof bindings.reqId, 'string')
  })
})

describe('options of the wrong type fail at construction, naming the option', () => {
  const wrong: [string, unknown][] = [
    ['bodyLimit', 'big'],
    ['caseSensitive', 'yes'],
    ['ignoreTrailingSlash', 'yes'],
    ['ignoreDuplicateSlashes', 'yes'],
    ['maxParamLength', 'long'],
    ['onProtoPoisoning', 42],
    ['onConstructorPoisoning', 42],
    ['return503OnClosing', 'yes'],
    ['requestIdHeader', 42],
    ['requestIdLogLabel', 42],
    ['genReqId', 'not a function'],
    ['disableRequestLogging', 'yes'],
    ['connectionTimeout', 'soon'],
    ['keepAliveTimeout', 'soon'],
    ['requestTimeout', 'soon'],
    ['forceCloseConnections', 42],
    ['pluginTimeout', 'soon'],
    ['exposeHeadRoutes', 'yes'],
    ['querystringParser', 'not a function'],
    ['logger', 42],
    ['ajv', 'strict'],
    ['schemaErrorFormatter', 'not a function'],
    ['schemaController', 'mine'],
    ['serializerOpts', 'fast'],
    ['jsonShorthand', 'yes'],
    ['childLoggerFactory', 'not a function'],
  ]
  for (const [name, value] of wrong) {
    test(`${name}: ${JSON.stringify(value)}`, () => {
      assert.throws(
        // biome-ignore lint/suspicious/noExplicitAny: deliberately passing a wrong type
        () => arbor({ [name]: value } as any),
        (err: Error) => {
          assert.ok(err instanceof Error)
          assert.match(err.message, new RegExp(name))
          return true
        },
      )
    })
  }
})
