// Every option of the bearer-token plugin, and every registration error (issue 6).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { ArborError, type ArborInstance } from '../../src/index.ts'
import {
  BearerAuthError,
  type BearerAuthOptions,
  bearerAuth,
} from '../../src/plugins/bearer-auth/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type App = ReturnType<typeof arbor>

const KEY = 'option-test-key'

// One protected context holding GET /p; `options` goes to register() unchecked, the way a
// JavaScript caller would pass it.
function protectedApp(options: unknown, app: App = arbor()): App {
  app.register(async (child: ArborInstance) => {
    await child.register(bearerAuth, options as BearerAuthOptions)
    child.get('/p', async () => ({ ok: true }))
  })
  return app
}

async function registrationError(options: unknown): Promise<{ code: unknown; message: string }> {
  const app = protectedApp(options)
  try {
    await app.ready()
  } catch (err) {
    assert.ok(err instanceof Error)
    return { code: (err as { code?: unknown }).code, message: err.message }
  } finally {
    await app.close()
  }
  assert.fail('registration should have failed')
}

describe('bearer auth: registration errors', () => {
  const cases: Array<[string, unknown, string, string]> = [
    [
      'neither keys nor auth',
      {},
      'FST_BEARER_AUTH_MISSING_KEYS',
      'bearer auth: options.keys (the accepted tokens) is required unless options.auth is given',
    ],
    [
      'keys that is a string',
      { keys: KEY },
      'FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE',
      'bearer auth: options.keys must be an array or a Set of strings',
    ],
    [
      'keys that is null',
      { keys: null },
      'FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE',
      'bearer auth: options.keys must be an array or a Set of strings',
    ],
    [
      'an empty keys array',
      { keys: [] },
      'FST_BEARER_AUTH_KEYS_OPTION_EMPTY',
      'bearer auth: options.keys must hold at least one key',
    ],
    [
      'an empty keys Set',
      { keys: new Set() },
      'FST_BEARER_AUTH_KEYS_OPTION_EMPTY',
      'bearer auth: options.keys must hold at least one key',
    ],
    [
      'a key that is not a string',
      { keys: [KEY, 42] },
      'FST_BEARER_AUTH_KEYS_OPTION_INVALID_KEY_TYPE',
      'bearer auth: options.keys[1] must be a non-empty string',
    ],
    [
      'an empty-string key',
      { keys: [''] },
      'FST_BEARER_AUTH_KEYS_OPTION_INVALID_KEY_TYPE',
      'bearer auth: options.keys[0] must be a non-empty string',
    ],
    [
      'both keys and auth',
      { keys: [KEY], auth: () => true },
      'FST_BEARER_AUTH_KEYS_AND_AUTH',
      'bearer auth: options.keys and options.auth are alternatives, pass only one',
    ],
    [
      'an auth that is not a function',
      { auth: true },
      'FST_BEARER_AUTH_INVALID_OPTION',
      'bearer auth: options.auth must be a function',
    ],
    [
      'an unknown specCompliance',
      { keys: [KEY], specCompliance: 'rfc7235' },
      'FST_BEARER_AUTH_INVALID_SPEC',
      'bearer auth: options.specCompliance must be "rfc6750" or "rfc6749"',
    ],
    [
      'an empty bearerType',
      { keys: [KEY], bearerType: '' },
      'FST_BEARER_AUTH_INVALID_OPTION',
      'bearer auth: options.bearerType must be an authorization scheme name such as "Bearer"',
    ],
    [
      'a bearerType with a space',
      { keys: [KEY], bearerType: 'My Token' },
      'FST_BEARER_AUTH_INVALID_OPTION',
      'bearer auth: options.bearerType must be an authorization scheme name such as "Bearer"',
    ],
    [
      'an errorResponse that is not a function',
      { keys: [KEY], errorResponse: { error: 'no' } },
      'FST_BEARER_AUTH_INVALID_OPTION',
      'bearer auth: options.errorResponse must be a function',
    ],
    [
      'a contentType that is not a string',
      { keys: [KEY], contentType: 42 },
      'FST_BEARER_AUTH_INVALID_OPTION',
      'bearer auth: options.contentType must be a non-empty string',
    ],
    [
      'an addHook that is not a boolean',
      { keys: [KEY], addHook: 'yes' },
      'FST_BEARER_AUTH_INVALID_OPTION',
      'bearer auth: options.addHook must be a boolean',
    ],
    [
      'an unknown verifyErrorLogLevel',
      { keys: [KEY], verifyErrorLogLevel: 'loud' },
      'FST_BEARER_AUTH_INVALID_LOG_LEVEL',
      'bearer auth: options.verifyErrorLogLevel must be false, null or one of fatal, error, warn, info, debug, trace',
    ],
  ]
  for (const [what, options, code, message] of cases) {
    test(`registration fails with a clear error on ${what}`, async () => {
      assert.deepEqual(await registrationError(options), { code, message })
    })
  }

  test('registration errors are BearerAuthError and ArborError instances', async () => {
    const app = protectedApp({ keys: [] })
    try {
      await assert.rejects(app.ready(), (err: unknown) => {
        assert.ok(err instanceof BearerAuthError)
        assert.ok(err instanceof ArborError)
        assert.equal(err.code, 'FST_BEARER_AUTH_KEYS_OPTION_EMPTY')
        return true
      })
    } finally {
      await app.close()
    }
  })

  test('a registration error never repeats a key', async () => {
    const { message } = await registrationError({ keys: ['super-secret-key', ''] })
    assert.equal(message, 'bearer auth: options.keys[1] must be a non-empty string')
    assert.ok(!message.includes('super-secret-key'))
  })

  test('listen() rejects with the registration error too', async () => {
    const app = protectedApp({ keys: [] })
    try {
      await assert.rejects(app.listen({ port: 0, host: '127.0.0.1' }), {
        code: 'FST_BEARER_AUTH_KEYS_OPTION_EMPTY',
      })
    } finally {
      await app.close()
    }
  })
})

describe('bearer auth: bearerType and specCompliance', () => {
  test('bearerType changes the expected scheme and the challenge', async (t) => {
    const app = protectedApp({ keys: [KEY], bearerType: 'Token' })
    t.after(() => app.close())
    const ok = await app.inject({ url: '/p', headers: { authorization: `Token ${KEY}` } })
    assert.equal(ok.statusCode, 200)
    const bearer = await app.inject({ url: '/p', headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(bearer.statusCode, 401)
    assert.equal(bearer.json().message, 'invalid authorization header')
    assert.equal(bearer.headers['www-authenticate'], 'Token')
    const missing = await app.inject({ url: '/p' })
    assert.equal(missing.headers['www-authenticate'], 'Token')
    const wrong = await app.inject({ url: '/p', headers: { authorization: 'Token nope' } })
    assert.equal(wrong.headers['www-authenticate'], 'Token error="invalid_token"')
  })

  test('specCompliance rfc6750 (the default) matches the scheme case-sensitively', async (t) => {
    for (const options of [{ keys: [KEY] }, { keys: [KEY], specCompliance: 'rfc6750' }]) {
      const app = protectedApp(options)
      t.after(() => app.close())
      for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
        const res = await app.inject({ url: '/p', headers: { authorization: `${scheme} ${KEY}` } })
        assert.equal(res.statusCode, 401)
        assert.equal(res.json().message, 'invalid authorization header')
      }
      const res = await app.inject({ url: '/p', headers: { authorization: `Bearer ${KEY}` } })
      assert.equal(res.statusCode, 200)
    }
  })

  test('specCompliance rfc6749 matches the scheme case-insensitively, never the token', async (t) => {
    const app = protectedApp({ keys: [KEY], specCompliance: 'rfc6749' })
    t.after(() => app.close())
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await app.inject({ url: '/p', headers: { authorization: `${scheme} ${KEY}` } })
      assert.equal(res.statusCode, 200)
    }
    const upper = await app.inject({
      url: '/p',
      headers: { authorization: `bearer ${KEY.toUpperCase()}` },
    })
    assert.equal(upper.statusCode, 401)
    assert.equal(upper.headers['www-authenticate'], 'Bearer error="invalid_token"')
  })

  test('specCompliance rfc6749 with a custom bearerType ignores the case of both', async (t) => {
    const app = protectedApp({ keys: [KEY], bearerType: 'ApiKey', specCompliance: 'rfc6749' })
    t.after(() => app.close())
    const res = await app.inject({ url: '/p', headers: { authorization: `APIKEY ${KEY}` } })
    assert.equal(res.statusCode, 200)
  })
})

describe('bearer auth: errorResponse and contentType', () => {
  test('errorResponse reshapes the missing, invalid and wrong-token bodies', async (t) => {
    const seen: Array<{ code: string; statusCode: number; message: string }> = []
    const app = protectedApp({
      keys: [KEY],
      errorResponse: (err: BearerAuthError) => {
        assert.ok(err instanceof BearerAuthError)
        seen.push({ code: err.code, statusCode: err.statusCode, message: err.message })
        return { problem: err.message }
      },
    })
    t.after(() => app.close())
    const missing = await app.inject({ url: '/p' })
    assert.equal(missing.statusCode, 401)
    assert.deepEqual(missing.json(), { problem: 'missing authorization header' })
    assert.equal(missing.headers['www-authenticate'], 'Bearer')
    const scheme = await app.inject({ url: '/p', headers: { authorization: `Basic ${KEY}` } })
    assert.deepEqual(scheme.json(), { problem: 'invalid authorization header' })
    const wrong = await app.inject({ url: '/p', headers: { authorization: 'Bearer x' } })
    assert.equal(wrong.statusCode, 401)
    assert.deepEqual(wrong.json(), { problem: 'invalid authorization header' })
    assert.equal(wrong.headers['www-authenticate'], 'Bearer error="invalid_token"')
    assert.deepEqual(seen, [
      {
        code: 'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER',
        statusCode: 401,
        message: 'missing authorization header',
      },
      {
        code: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER',
        statusCode: 401,
        message: 'invalid authorization header',
      },
      {
        code: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER',
        statusCode: 401,
        message: 'invalid authorization header',
      },
    ])
  })

  test('errorResponse reshapes the 500 of a failing auth function, which keeps its status', async (t) => {
    const app = protectedApp({
      auth: () => {
        throw new Error('backend unreachable')
      },
      errorResponse: (err: BearerAuthError) => ({
        code: err.code,
        status: err.statusCode,
      }),
    })
    t.after(() => app.close())
    const res = await app.inject({ url: '/p', headers: { authorization: 'Bearer t' } })
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), { code: 'FST_BEARER_AUTH_AUTH_FUNCTION_FAILED', status: 500 })
  })

  test('an errorResponse returning a string sends that string', async (t) => {
    const app = protectedApp({ keys: [KEY], errorResponse: () => 'go away' })
    t.after(() => app.close())
    const res = await app.inject({ url: '/p' })
    assert.equal(res.statusCode, 401)
    assert.equal(res.body, 'go away')
  })

  test('contentType sets the content-type of every error reply, and only of those', async (t) => {
    const app = protectedApp({ keys: [KEY], contentType: 'application/problem+json' })
    t.after(() => app.close())
    const missing = await app.inject({ url: '/p' })
    assert.equal(missing.statusCode, 401)
    assert.equal(missing.headers['content-type'], 'application/problem+json; charset=utf-8')
    assert.deepEqual(missing.json(), {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'missing authorization header',
    })
    const wrong = await app.inject({ url: '/p', headers: { authorization: 'Bearer x' } })
    assert.equal(wrong.headers['content-type'], 'application/problem+json; charset=utf-8')
    const ok = await app.inject({ url: '/p', headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(ok.statusCode, 200)
    assert.equal(ok.headers['content-type'], 'application/json; charset=utf-8')
  })
})

describe('bearer auth: addHook false', () => {
  function decoratedApp(): App {
    const app = arbor()
    app.register(async (child: ArborInstance) => {
      await child.register(bearerAuth, { keys: [KEY], addHook: false })
      child.get('/open', async () => ({ open: true }))
      child.get('/guarded', { onRequest: child.verifyBearerAuth! }, async () => ({
        guarded: true,
      }))
      child.get('/decorated', async () => ({
        here: child.hasDecorator('verifyBearerAuth'),
      }))
    })
    app.get('/root', async () => ({ here: app.hasDecorator('verifyBearerAuth') }))
    return app
  }

  test('addHook false adds no hook: routes of the context stay open', async (t) => {
    const app = decoratedApp()
    t.after(() => app.close())
    const res = await app.inject({ url: '/open' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { open: true })
  })

  test('addHook false decorates the registering context only with verifyBearerAuth', async (t) => {
    const app = decoratedApp()
    t.after(() => app.close())
    assert.deepEqual((await app.inject({ url: '/decorated' })).json(), { here: true })
    assert.deepEqual((await app.inject({ url: '/root' })).json(), { here: false })
  })

  test('verifyBearerAuth wired as a route hook passes the right token', async (t) => {
    const app = decoratedApp()
    t.after(() => app.close())
    const res = await app.inject({ url: '/guarded', headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { guarded: true })
  })

  test('verifyBearerAuth hands 401 errors to the error handler, with the challenge set', async (t) => {
    const app = decoratedApp()
    t.after(() => app.close())
    const missing = await app.inject({ url: '/guarded' })
    assert.equal(missing.statusCode, 401)
    assert.equal(missing.headers['www-authenticate'], 'Bearer')
    assert.deepEqual(missing.json(), {
      statusCode: 401,
      code: 'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER',
      error: 'Unauthorized',
      message: 'missing authorization header',
    })
    const wrong = await app.inject({ url: '/guarded', headers: { authorization: 'Bearer x' } })
    assert.equal(wrong.statusCode, 401)
    assert.equal(wrong.headers['www-authenticate'], 'Bearer error="invalid_token"')
    assert.deepEqual(wrong.json(), {
      statusCode: 401,
      code: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER',
      error: 'Unauthorized',
      message: 'invalid authorization header',
    })
  })

  test('a custom error handler receives the bearer-auth error', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (child: ArborInstance) => {
      await child.register(bearerAuth, { keys: [KEY], addHook: false })
      child.addHook('onRequest', child.verifyBearerAuth!)
      child.setErrorHandler((err: { code?: string; statusCode?: number }, _request, reply) => {
        reply.code(err.statusCode ?? 500).send({ denied: err.code })
      })
      child.get('/p', async () => ({ ok: true }))
    })
    const res = await app.inject({ url: '/p', headers: { authorization: 'Basic x' } })
    assert.equal(res.statusCode, 401)
    assert.deepEqual(res.json(), { denied: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER' })
  })

  test('verifyBearerAuth hands a failing auth function to the error handler as a generic 500', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (child: ArborInstance) => {
      await child.register(bearerAuth, {
        addHook: false,
        auth: async () => {
          throw new Error('backend unreachable')
        },
      })
      child.addHook('onRequest', child.verifyBearerAuth!)
      child.get('/p', async () => ({ ok: true }))
    })
    const res = await app.inject({ url: '/p', headers: { authorization: 'Bearer t' } })
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), {
      statusCode: 500,
      code: 'FST_BEARER_AUTH_AUTH_FUNCTION_FAILED',
      error: 'Internal Server Error',
      message: 'internal server error',
    })
  })
})

describe('bearer auth: verifyErrorLogLevel', () => {
  type Line = { level: number; msg?: string; code?: string }

  const rejections = (lines: Line[]) =>
    lines
      .filter((line) => line.msg?.startsWith('bearer auth:'))
      .map(({ level, msg, code }) => ({ level, msg, code }))

  test('rejected requests are logged at error level by default', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = protectedApp({ keys: [KEY] }, arbor({ logger: { level: 'trace', stream } }))
    t.after(() => app.close())
    await app.inject({ url: '/p' })
    await app.inject({ url: '/p', headers: { authorization: 'Bearer x' } })
    assert.deepEqual(rejections(lines), [
      {
        level: 50,
        msg: 'bearer auth: missing authorization header',
        code: 'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER',
      },
      {
        level: 50,
        msg: 'bearer auth: invalid authorization header',
        code: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER',
      },
    ])
  })

  test('verifyErrorLogLevel picks the level', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = protectedApp(
      { keys: [KEY], verifyErrorLogLevel: 'warn' },
      arbor({ logger: { level: 'trace', stream } }),
    )
    t.after(() => app.close())
    await app.inject({ url: '/p' })
    assert.deepEqual(rejections(lines), [
      {
        level: 40,
        msg: 'bearer auth: missing authorization header',
        code: 'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER',
      },
    ])
  })

  test('verifyErrorLogLevel false or null logs no rejection', async (t) => {
    for (const verifyErrorLogLevel of [false, null]) {
      const { lines, stream } = captureLogs<Line>()
      const app = protectedApp(
        { keys: [KEY], verifyErrorLogLevel },
        arbor({ logger: { level: 'trace', stream } }),
      )
      t.after(() => app.close())
      const res = await app.inject({ url: '/p' })
      assert.equal(res.statusCode, 401)
      assert.deepEqual(rejections(lines), [])
      assert.ok(lines.length > 0, 'the request itself is still logged')
    }
  })

  test('a failing auth function is logged at error level with its cause, whatever the level', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = protectedApp(
      {
        auth: () => {
          throw new Error('backend unreachable')
        },
        verifyErrorLogLevel: false,
      },
      arbor({ logger: { level: 'trace', stream } }),
    )
    t.after(() => app.close())
    const res = await app.inject({ url: '/p', headers: { authorization: 'Bearer t' } })
    assert.equal(res.statusCode, 500)
    const failure = lines.find((line) => line.msg === 'bearer auth: the auth function failed')
    assert.ok(failure)
    assert.equal(failure.level, 50)
    assert.equal((failure as { err?: { message?: string } }).err?.message, 'backend unreachable')
  })
})
