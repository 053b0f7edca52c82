// Route constraints (Fastify's `constraints` option, addConstraintStrategy, async strategies):
// a request reaches a route only when the values derived from it match the route's.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ConstraintStrategy } from '../../src/index.ts'

/**
 * A strategy that routes on the `x-secret` header; `async` makes it answer through `done`.
 * It has `validate`: Fastify 4.25's option schema requires it of a `constraints` strategy.
 */
function secretStrategy(mode: 'sync' | 'async' | 'failing' = 'sync'): ConstraintStrategy {
  const validate = (value: unknown) => {
    if (typeof value !== 'string') throw new Error('secret constraints are strings')
  }
  const storage = () => {
    const stores = new Map<unknown, unknown>()
    return {
      get: (value: unknown) => stores.get(value) ?? null,
      set: (value: unknown, store: unknown) => void stores.set(value, store),
    }
  }
  if (mode === 'sync') {
    return { name: 'secret', storage, validate, deriveConstraint: (req) => req.headers['x-secret'] }
  }
  return {
    name: 'secret',
    storage,
    validate,
    deriveConstraint: (req, _ctx, done) => {
      if (mode === 'failing') done!(new Error('kaboom'))
      else done!(null, req.headers['x-secret'])
    },
  }
}

function secretRoutes(app: ReturnType<typeof arbor>): void {
  app.get('/', { constraints: { secret: 'alpha' } }, async () => 'from alpha')
  app.get('/', { constraints: { secret: 'beta' } }, async () => 'from beta')
}

describe('route constraints', () => {
  test('constraints option: a custom strategy picks the route from the request', async (t) => {
    const app = arbor({ constraints: { secret: secretStrategy() } })
    t.after(() => app.close())
    secretRoutes(app)
    const alpha = await app.inject({ url: '/', headers: { 'x-secret': 'alpha' } })
    assert.equal(alpha.body, 'from alpha')
    const beta = await app.inject({ url: '/', headers: { 'x-secret': 'beta' } })
    assert.equal(beta.body, 'from beta')
    const gamma = await app.inject({ url: '/', headers: { 'x-secret': 'gamma' } })
    assert.equal(gamma.statusCode, 404)
  })

  test('addConstraintStrategy() before the routes works like the option', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addConstraintStrategy(secretStrategy())
    secretRoutes(app)
    const beta = await app.inject({ url: '/', headers: { 'x-secret': 'beta' } })
    assert.equal(beta.body, 'from beta')
  })

  test('a constraint with no registered strategy fails the route, naming it', () => {
    const app = arbor()
    assert.throws(() => app.get('/', { constraints: { secret: 'x' } }, async () => 'x'), {
      code: 'FST_ERR_ROUTE_PATH_INVALID',
      message: /No strategy registered for constraint key secret/,
    })
  })

  test('addConstraintStrategy(): a second strategy of the same name throws', () => {
    const app = arbor()
    app.addConstraintStrategy(secretStrategy())
    assert.throws(() => app.addConstraintStrategy(secretStrategy()), {
      message: 'There already exists a custom constraint with the name secret.',
    })
  })

  test('addConstraintStrategy(): replacing a built-in strategy a route already uses throws', () => {
    const app = arbor()
    app.get('/', { constraints: { version: '1.0.0' } }, async () => 'v1')
    const version = { ...secretStrategy(), name: 'version' }
    assert.throws(() => app.addConstraintStrategy(version), {
      message: 'There already exists a route with version constraint.',
    })
  })

  test('addConstraintStrategy() after ready throws FST_ERR_INSTANCE_ALREADY_LISTENING', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.ready()
    assert.throws(() => app.addConstraintStrategy(secretStrategy()), {
      code: 'FST_ERR_INSTANCE_ALREADY_LISTENING',
      message: /Cannot add constraint strategy!/,
    })
  })

  test('hasConstraintStrategy(): built-in ones count once a route uses them, custom ones at once', () => {
    const app = arbor()
    assert.equal(app.hasConstraintStrategy('host'), false)
    assert.equal(app.hasConstraintStrategy('version'), false)
    app.get('/', { constraints: { host: 'example.com' } }, async () => 'x')
    assert.equal(app.hasConstraintStrategy('host'), true)
    assert.equal(app.hasConstraintStrategy('version'), false)
    assert.equal(app.hasConstraintStrategy('secret'), false)
    app.addConstraintStrategy(secretStrategy())
    assert.equal(app.hasConstraintStrategy('secret'), true)
  })

  test('an async strategy (deriveConstraint with done) routes the request', async (t) => {
    const app = arbor({ constraints: { secret: secretStrategy('async') } })
    t.after(() => app.close())
    secretRoutes(app)
    const alpha = await app.inject({ url: '/', headers: { 'x-secret': 'alpha' } })
    assert.equal(alpha.statusCode, 200)
    assert.equal(alpha.body, 'from alpha')
    const gamma = await app.inject({ url: '/', headers: { 'x-secret': 'gamma' } })
    assert.equal(gamma.statusCode, 404)
  })

  test('an async strategy that fails answers 500 "Unexpected error from async constraint"', async (t) => {
    const app = arbor({ constraints: { secret: secretStrategy('failing') } })
    t.after(() => app.close())
    secretRoutes(app)
    for (const headers of [{ 'x-secret': 'alpha' }, {}]) {
      const res = await app.inject({ url: '/', headers })
      assert.equal(res.statusCode, 500)
      assert.deepEqual(res.json(), {
        error: 'Internal Server Error',
        message: 'Unexpected error from async constraint',
        statusCode: 500,
      })
    }
  })

  test('the automatic HEAD route of a constrained GET route has its constraints', async (t) => {
    const app = arbor({ constraints: { secret: secretStrategy() } })
    t.after(() => app.close())
    app.get('/', { constraints: { secret: 'mine' } }, async () => 'from mine: 13')
    const head = await app.inject({ method: 'HEAD', url: '/', headers: { 'x-secret': 'mine' } })
    assert.equal(head.statusCode, 200)
    assert.equal(head.headers['content-length'], '13')
    const other = await app.inject({ method: 'HEAD', url: '/', headers: { 'x-secret': 'x' } })
    assert.equal(other.statusCode, 404)
  })

  test('a constrained GET after an unconstrained HEAD route gets its own HEAD route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.head('/', async (_request, reply) => reply.type('text/plain').send('plain HEAD'))
    app.get('/', { constraints: { host: 'example.com' } }, async () => 'GET on example.com')
    const res = await app.inject({ method: 'HEAD', url: '/', headers: { host: 'example.com' } })
    assert.equal(res.headers['content-length'], '18')
    const plain = await app.inject({ method: 'HEAD', url: '/', headers: { host: 'other.org' } })
    assert.equal(plain.body, 'plain HEAD')
  })

  test('the route option `version` is a version constraint, deprecated (FSTDEP008)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const warnings: string[] = []
    const onWarning = (w: Error & { code?: string }) => warnings.push(w.code ?? '')
    process.on('warning', onWarning)
    t.after(() => process.off('warning', onWarning))
    app.get('/', { version: '1.2.0' }, async () => 'v1.2')
    const res = await app.inject({ url: '/', headers: { 'accept-version': '1.x' } })
    assert.equal(res.body, 'v1.2')
    assert.equal((await app.inject('/')).statusCode, 404)
    await new Promise((resolve) => setImmediate(resolve))
    assert.ok(warnings.includes('FSTDEP008'))
  })

  test('the versioning option sets the version strategy (deprecated, FSTDEP009)', async (t) => {
    const app = arbor({
      versioning: {
        storage() {
          const stores = new Map<string, unknown>()
          return {
            get: (v: string) => stores.get(v) ?? null,
            set: (v: string, s: unknown) => void stores.set(v, s),
          }
        },
        deriveVersion: (req) => String(req.headers['x-api']),
      },
    })
    t.after(() => app.close())
    app.get('/', { constraints: { version: 'two' } }, async () => 'version two')
    assert.equal((await app.inject({ url: '/', headers: { 'x-api': 'two' } })).body, 'version two')
    assert.equal((await app.inject({ url: '/', headers: { 'x-api': 'one' } })).statusCode, 404)
  })

  test('constraints option of the wrong type is refused', () => {
    assert.throws(() => arbor({ constraints: 'secret' as never }), {
      code: 'FST_ERR_INIT_OPTS_INVALID',
    })
  })
})
