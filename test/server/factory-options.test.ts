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

  test('logger (Fastify 4 line): a pino-compatible logger instance gets the app’s and the requests’ lines', async (t) => {
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

describe('options of the wrong type fail at construction as Fastify 4.25 reports them', () => {
  // Options of Fastify's configuration schema: its message, the option in err.errors
  const schemaOptions: [string, unknown, string][] = [
    ['caseSensitive', 'yes', 'must be boolean'],
    ['ignoreTrailingSlash', 'yes', 'must be boolean'],
    ['ignoreDuplicateSlashes', 'yes', 'must be boolean'],
    ['maxParamLength', 'long', 'must be integer'],
    ['disableRequestLogging', 'yes', 'must be boolean'],
    ['connectionTimeout', 'soon', 'must be integer'],
    ['keepAliveTimeout', 'soon', 'must be integer'],
    ['requestTimeout', 500.1, 'must be integer'],
    ['requestTimeout', [], 'must be integer'],
    ['maxRequestsPerSocket', 'many', 'must be integer'],
    ['pluginTimeout', 'soon', 'must be integer'],
    ['exposeHeadRoutes', 'yes', 'must be boolean'],
    ['jsonShorthand', 'hello', 'must be boolean'],
    ['allowUnsafeRegex', 'hello', 'must be boolean'],
    ['forceCloseConnections', 42, 'must match exactly one schema in oneOf'],
    // stricter than Fastify, which takes any string
    ['onProtoPoisoning', 42, 'must be equal to one of the allowed values'],
    ['onConstructorPoisoning', 'drop', 'must be equal to one of the allowed values'],
  ]
  for (const [name, value, message] of schemaOptions) {
    test(`${name}: ${JSON.stringify(value)} gets FST_ERR_INIT_OPTS_INVALID '${message}'`, () => {
      assert.throws(
        // biome-ignore lint/suspicious/noExplicitAny: deliberately passing a wrong type
        () => arbor({ [name]: value } as any),
        (err: Error & { code?: string; errors?: Array<{ instancePath: string }> }) => {
          assert.equal(err.code, 'FST_ERR_INIT_OPTS_INVALID')
          assert.match(err.message, /^Invalid initialization options: '\[.*\]'$/)
          assert.ok(err.message.includes(JSON.stringify(message).slice(1, -1)))
          assert.equal(err.errors?.[0]?.instancePath, `/${name}`)
          return true
        },
      )
    })
  }

  test("a wrong type gets exactly Fastify's message", () => {
    assert.throws(
      // biome-ignore lint/suspicious/noExplicitAny: deliberately passing a wrong type
      () => arbor({ ignoreTrailingSlash: 'string instead of boolean' } as any),
      {
        code: 'FST_ERR_INIT_OPTS_INVALID',
        message: 'Invalid initialization options: \'["must be boolean"]\'',
      },
    )
  })

  // Options with an error of their own in Fastify
  test('querystringParser: FST_ERR_QSP_NOT_FN names the type given', () => {
    // biome-ignore lint/suspicious/noExplicitAny: deliberately passing a wrong type
    assert.throws(() => arbor({ querystringParser: 10 } as any), {
      code: 'FST_ERR_QSP_NOT_FN',
      message: "querystringParser option should be a function, instead got 'number'",
    })
  })

  test('schemaErrorFormatter: FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN, for the option and the setter', () => {
    // biome-ignore lint/suspicious/noExplicitAny: deliberately passing a wrong type
    assert.throws(() => arbor({ schemaErrorFormatter: 500 } as any), {
      code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
      message: "schemaErrorFormatter option should be a non async function. Instead got 'number'.",
    })
    // biome-ignore lint/suspicious/noExplicitAny: deliberately passing a wrong type
    assert.throws(() => arbor().setSchemaErrorFormatter(500 as any), {
      code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
    })
  })

  test('bodyLimit: FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT, as Fastify checks it', () => {
    // biome-ignore lint/suspicious/noExplicitAny: deliberately passing a wrong type
    assert.throws(() => arbor({ bodyLimit: 'big' } as any), {
      code: 'FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT',
    })
  })

  // Options Fastify does not check (it fails later): arbor refuses them, naming the option
  const arborChecked: [string, unknown][] = [
    ['return503OnClosing', 'yes'],
    ['genReqId', 'not a function'],
    ['logger', 42],
    ['ajv', 'strict'],
    ['http', 'big headers'],
    ['serverFactory', {}],
    ['clientErrorHandler', 'nope'],
    ['frameworkErrors', 'nope'],
    ['schemaController', 'mine'],
    ['serializerOpts', 'fast'],
    ['childLoggerFactory', 'not a function'],
  ]
  for (const [name, value] of arborChecked) {
    test(`${name}: ${JSON.stringify(value)} is refused, naming the option`, () => {
      assert.throws(
        // biome-ignore lint/suspicious/noExplicitAny: deliberately passing a wrong type
        () => arbor({ [name]: value } as any),
        (err: Error & { code?: string }) => {
          assert.equal(err.code, 'FST_ERR_INIT_OPTS_INVALID')
          assert.match(err.message, new RegExp(name))
          return true
        },
      )
    })
  }

  test('values the schema can coerce are coerced, as Fastify does', () => {
    // biome-ignore lint/suspicious/noExplicitAny: deliberately passing strings
    const app = arbor({ pluginTimeout: '0', caseSensitive: 'false', requestIdLogLabel: 42 } as any)
    assert.equal(app.initialConfig.pluginTimeout, 0)
    assert.equal(app.initialConfig.caseSensitive, false)
    assert.equal(app.initialConfig.requestIdLogLabel, '42')
  })

  test('an unknown option is ignored, as in Fastify, and is not in initialConfig', () => {
    // biome-ignore lint/suspicious/noExplicitAny: an option arbor does not know
    const app = arbor({ notAnOption: true } as any)
    assert.equal((app.initialConfig as unknown as Record<string, unknown>).notAnOption, undefined)
  })
})
