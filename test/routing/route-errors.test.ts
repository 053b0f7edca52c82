import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

type App = ReturnType<typeof arbor>
type CodedError = Error & { code?: string }

/**
 * The error a bad registration produces. "At registration" means either the
 * registering call throws or ready() rejects; never a request-time failure.
 */
async function registrationError(register: (app: App) => void): Promise<CodedError> {
  const app = arbor()
  try {
    register(app)
    await app.ready()
  } catch (err) {
    assert.ok(err instanceof Error, 'a real Error is thrown')
    return err
  } finally {
    await app.close().catch(() => {})
  }
  assert.fail('registration was expected to fail')
}

const handler = async () => 'x'

describe('bad routes fail at registration, naming method and path', () => {
  test('duplicate route: same method and path twice', async () => {
    const err = await registrationError((app) => {
      app.get('/dup', handler)
      app.get('/dup', handler)
    })
    assert.equal(err.code, 'FST_ERR_DUPLICATED_ROUTE')
    assert.equal(err.message, "Method 'GET' already declared for route '/dup'")
  })

  test('duplicate route through a method array', async () => {
    const err = await registrationError((app) => {
      app.post('/dup', handler)
      app.route({ method: ['GET', 'POST'], url: '/dup', handler })
    })
    assert.match(err.message, /POST/)
    assert.match(err.message, /\/dup/)
  })

  test('duplicate route that differs only in param names', async () => {
    const err = await registrationError((app) => {
      app.get('/items/:a', handler)
      app.get('/items/:b', handler)
    })
    assert.match(err.message, /GET/)
    assert.match(err.message, /\/items\/:/)
  })

  test('same path with different methods is not a duplicate', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/same', async () => 'get')
    app.post('/same', async () => 'post')
    assert.equal((await app.inject({ method: 'GET', url: '/same' })).body, 'get')
    assert.equal((await app.inject({ method: 'POST', url: '/same' })).body, 'post')
  })

  test('missing handler', async () => {
    const err = await registrationError((app) => {
      app.route({ method: 'GET', url: '/no-handler' } as never)
    })
    assert.equal(err.code, 'FST_ERR_ROUTE_MISSING_HANDLER')
    assert.equal(err.message, 'Missing handler function for "GET:/no-handler" route.')
  })

  test('a handler that is not a function (arbor names method and path)', async () => {
    const err = await registrationError((app) => {
      app.get('/bad-handler', { handler: 'not a function' } as never)
    })
    assert.match(err.message, /GET/)
    assert.match(err.message, /\/bad-handler/)
  })

  test('unsupported method (arbor also names the path)', async () => {
    const err = await registrationError((app) => {
      app.route({ method: 'FETCH' as 'GET', url: '/odd', handler })
    })
    assert.equal(err.code, 'FST_ERR_ROUTE_METHOD_NOT_SUPPORTED')
    assert.match(err.message, /FETCH/)
    assert.match(err.message, /\/odd/)
  })

  test('a method that is not a string', async () => {
    const err = await registrationError((app) => {
      app.route({ method: 42 as unknown as 'GET', url: '/num', handler })
    })
    assert.equal(err.code, 'FST_ERR_ROUTE_METHOD_INVALID')
  })

  test('malformed path: no leading slash (arbor names method and path)', async () => {
    const err = await registrationError((app) => {
      app.get('nope', handler)
    })
    assert.equal(err.code, 'FST_ERR_ROUTE_PATH_INVALID')
    assert.match(err.message, /GET/)
    assert.match(err.message, /nope/)
  })

  test('malformed path: unclosed regex param (arbor names method and path)', async () => {
    const err = await registrationError((app) => {
      app.get('/re/:id(\\d+', handler)
    })
    assert.equal(err.code, 'FST_ERR_ROUTE_PATH_INVALID')
    assert.match(err.message, /GET/)
    assert.match(err.message, /\/re\/:id\(/)
  })

  test('a route added after ready() is refused', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.ready()
    assert.throws(() => app.get('/late', handler), {
      code: 'FST_ERR_INSTANCE_ALREADY_LISTENING',
    })
  })

  test('an errorHandler that is not a function', async () => {
    const err = await registrationError((app) => {
      app.route({ method: 'GET', url: '/eh', errorHandler: 'nope' as never, handler })
    })
    assert.equal(err.code, 'FST_ERR_ROUTE_HANDLER_NOT_FN')
    assert.match(err.message, /GET/)
    assert.match(err.message, /\/eh/)
  })

  test('a bodyLimit that is not a positive integer', async () => {
    const err = await registrationError((app) => {
      app.route({ method: 'POST', url: '/bl', bodyLimit: -1, handler })
    })
    assert.equal(err.code, 'FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT')
  })
})
