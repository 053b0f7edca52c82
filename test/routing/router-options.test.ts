// Fastify 5's `routerOptions` (in every line): the find-my-way options in one object, each
// winning over its top-level form; find-my-way's own options pass through; the querystring
// parser is checked; `initialConfig.routerOptions` shows what was given.
import assert from 'node:assert/strict'
import querystring from 'node:querystring'
import { test } from 'node:test'
import arbor, { errorCodes } from '../../src/index.ts'

test('routerOptions: each option applies, and wins over its top-level form', async () => {
  const app = arbor({
    ignoreTrailingSlash: false,
    caseSensitive: true,
    maxParamLength: 100,
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      caseSensitive: false,
      maxParamLength: 3,
    },
  })
  app.get('/Items/:id', (request) => request.params)
  assert.deepEqual((await app.inject('/items/123/')).json(), { id: '123' })
  assert.deepEqual((await app.inject('//items//123')).json(), { id: '123' })
  assert.equal((await app.inject('/items/1234')).statusCode, 404)
})

test('routerOptions.allowUnsafeRegex wins over the top-level form', () => {
  const unsafe = '/:id(^([0-9]+){4}$)'
  const refused = arbor({ routerOptions: { allowUnsafeRegex: false }, allowUnsafeRegex: true })
  assert.throws(() => refused.get(unsafe, () => 'x'), { code: 'FST_ERR_ROUTE_PATH_INVALID' })
  const allowed = arbor({ routerOptions: { allowUnsafeRegex: true } })
  assert.doesNotThrow(() => allowed.get(unsafe, () => 'x'))
})

test('routerOptions.querystringParser parses every query, over the top-level one', async () => {
  const app = arbor({
    querystringParser: () => ({ from: 'top-level' }),
    routerOptions: {
      querystringParser: (query) => ({ ...querystring.parse(query), from: 'routerOptions' }),
    },
  })
  app.get('/', (request) => request.query)
  assert.deepEqual((await app.inject('/?a=1')).json(), { a: '1', from: 'routerOptions' })
})

test('a custom querystringParser is called with an empty string when a URL has no query, found or not', async () => {
  const seen: string[] = []
  const app = arbor({
    querystringParser: (query) => {
      seen.push(query)
      return { parsed: query }
    },
  })
  app.get('/', (request) => request.query)
  app.setNotFoundHandler((request, reply) => reply.code(404).send(request.query))
  assert.deepEqual((await app.inject('/')).json(), { parsed: '' })
  const missing = await app.inject('/missing')
  assert.equal(missing.statusCode, 404)
  assert.deepEqual(missing.json(), { parsed: '' })
  assert.deepEqual((await app.inject('/missing?a=1')).json(), { parsed: 'a=1' })
  assert.deepEqual(seen, ['', '', 'a=1'])
})

test('a querystringParser that is not a function is refused with FST_ERR_QSP_NOT_FN', () => {
  for (const options of [
    { routerOptions: { querystringParser: 'qs' as never } },
    { querystringParser: 42 as never },
  ]) {
    assert.throws(
      () => arbor(options),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'FST_ERR_QSP_NOT_FN')
        assert.ok(err instanceof errorCodes.FST_ERR_QSP_NOT_FN)
        return true
      },
    )
  }
})

test('routerOptions.constraints: a custom strategy is known when routes are added', async () => {
  const app = arbor({
    routerOptions: {
      constraints: {
        tenant: {
          name: 'tenant',
          storage() {
            const stores = new Map<unknown, unknown>()
            return {
              get: (value: unknown) => stores.get(value) ?? null,
              set: (value: unknown, store: unknown) => stores.set(value, store),
            }
          },
          deriveConstraint: (req) => req.headers['x-tenant'] as string,
          validate() {},
          mustMatchWhenDerived: true,
        },
      },
    },
  })
  app.get('/', { constraints: { tenant: 'acme' } }, () => 'acme')
  assert.equal((await app.inject({ url: '/', headers: { 'x-tenant': 'acme' } })).body, 'acme')
  assert.equal((await app.inject({ url: '/', headers: { 'x-tenant': 'other' } })).statusCode, 404)
})

test("routerOptions: find-my-way's defaultRoute, onBadUrl and buildPrettyMeta are used", async () => {
  const app = arbor({
    routerOptions: {
      defaultRoute(_req, res) {
        res.statusCode = 404
        res.end('no route here')
      },
      onBadUrl(path, _req, res) {
        res.statusCode = 400
        res.end(`bad: ${path}`)
      },
      buildPrettyMeta: (route) => ({ path: route.path }),
    },
  })
  app.get('/users/:id', () => 'user')
  assert.equal((await app.inject('/nowhere')).body, 'no route here')
  assert.equal((await app.inject('/users/%zz')).body, 'bad: /users/%zz')
  await app.ready()
  assert.match(app.printRoutes({ includeMeta: true }), /• \(path\) "\/users\/:id"/)
})

test('initialConfig.routerOptions: what was given, its checked keys filled and coerced', () => {
  const buildPrettyMeta = () => ({})
  const given = { maxParamLength: '20' as unknown as number, buildPrettyMeta }
  const app = arbor({ ignoreTrailingSlash: true, routerOptions: given })
  const shown = app.initialConfig.routerOptions!
  assert.equal(shown.maxParamLength, 20)
  assert.equal(shown.ignoreTrailingSlash, true)
  assert.equal(shown.buildPrettyMeta, buildPrettyMeta)
  assert.ok(Object.isFrozen(shown))
  // the caller's object is left as it was
  assert.deepEqual(Object.keys(given), ['maxParamLength', 'buildPrettyMeta'])
  assert.equal(arbor().initialConfig.routerOptions, undefined)
})

test('a routerOptions value of the wrong type is refused with FST_ERR_INIT_OPTS_INVALID', () => {
  assert.throws(() => arbor({ routerOptions: { ignoreTrailingSlash: 'yes' as never } }), {
    code: 'FST_ERR_INIT_OPTS_INVALID',
  })
  assert.throws(() => arbor({ routerOptions: 5 as never }), {
    code: 'FST_ERR_INIT_OPTS_INVALID',
    message: /must be object/,
  })
})

test('FST_ERR_ASYNC_CONSTRAINT goes to frameworkErrors in both lines; without it, a 500', async () => {
  const failing = {
    name: 'secret',
    storage() {
      const stores = new Map<unknown, unknown>()
      return {
        get: (value: unknown) => stores.get(value) ?? null,
        set: (value: unknown, store: unknown) => stores.set(value, store),
      }
    },
    deriveConstraint(
      _req: unknown,
      _ctx: unknown,
      done: (err: Error | null, value?: unknown) => void,
    ) {
      done(new Error('kaboom'))
    },
    validate() {},
  }
  for (const fastifyLine of [4, 5] as const) {
    const handled = arbor({
      fastifyLine,
      routerOptions: { constraints: { secret: failing } },
      frameworkErrors(error, _request, reply) {
        assert.ok(error instanceof errorCodes.FST_ERR_ASYNC_CONSTRAINT)
        reply.code(503).send(`${error.message} - ${(error as Error & { code: string }).code}`)
      },
    })
    handled.get('/', { constraints: { secret: 'alpha' } }, () => 'alpha')
    const res = await handled.inject('/')
    assert.equal(res.statusCode, 503)
    assert.equal(res.body, 'Unexpected error from async constraint - FST_ERR_ASYNC_CONSTRAINT')

    const plain = arbor({ fastifyLine, constraints: { secret: failing } })
    plain.get('/', { constraints: { secret: 'alpha' } }, () => 'alpha')
    const answer = await plain.inject('/')
    assert.equal(answer.statusCode, 500)
    assert.deepEqual(answer.json(), {
      error: 'Internal Server Error',
      message: 'Unexpected error from async constraint',
      statusCode: 500,
    })
  }
})
