// @fastify/bearer-auth 9 (the ecosystem plugin, not arbor/bearer-auth) on arbor: its onRequest
// hook, its errorResponse, and its verifyBearerAuth decorator composed with @fastify/auth.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import auth from '@fastify/auth'
import bearerAuth from '@fastify/bearer-auth'
import arbor, { type ArborInstance } from '../../src/index.ts'

const KEY = 'ecosystem-key-1'

test('@fastify/bearer-auth: 401 without or with a wrong token, 200 with a listed key', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(bearerAuth, { keys: new Set([KEY]) })
  app.get('/', async () => ({ in: true }))

  const missing = await app.inject({ method: 'GET', url: '/' })
  assert.equal(missing.statusCode, 401)
  assert.deepEqual(missing.json(), { error: 'missing authorization header' })
  const wrong = await app.inject({
    method: 'GET',
    url: '/',
    headers: { authorization: 'Bearer not-the-key' },
  })
  assert.equal(wrong.statusCode, 401)
  assert.deepEqual(wrong.json(), { error: 'invalid authorization header' })
  const ok = await app.inject({
    method: 'GET',
    url: '/',
    headers: { authorization: `Bearer ${KEY}` },
  })
  assert.equal(ok.statusCode, 200)
  assert.deepEqual(ok.json(), { in: true })
})

test('@fastify/bearer-auth: registered in a child context it protects only that context', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.get('/open', async () => 'open')
  app.register(async (admin: ArborInstance) => {
    await admin.register(bearerAuth, { keys: [KEY] })
    admin.get('/admin', async () => 'admin')
  })
  assert.equal((await app.inject({ url: '/open' })).statusCode, 200)
  assert.equal((await app.inject({ url: '/admin' })).statusCode, 401)
  const admin = await app.inject({ url: '/admin', headers: { authorization: `Bearer ${KEY}` } })
  assert.equal(admin.body, 'admin')
})

test('@fastify/bearer-auth: an async auth function decides, and a thrown error is a 500', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(bearerAuth, {
    keys: [],
    auth: async (key: string) => {
      if (key === 'explode') throw new Error('token store down')
      return key === 'from-db'
    },
  })
  app.get('/', async () => 'in')
  const bearer = (token: string) =>
    app.inject({ method: 'GET', url: '/', headers: { authorization: `Bearer ${token}` } })
  assert.equal((await bearer('from-db')).statusCode, 200)
  assert.equal((await bearer('unknown')).statusCode, 401)
  const failed = await bearer('explode')
  assert.equal(failed.statusCode, 500)
  assert.deepEqual(failed.json(), { error: 'token store down' })
})

test('@fastify/bearer-auth: with addHook false, verifyBearerAuth composes with @fastify/auth', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(auth)
  await app.register(bearerAuth, { keys: [KEY], addHook: false })
  // Both decorators are typed on FastifyInstance; on arbor they are plain properties.
  type Strategy = (request: unknown, reply: unknown, done: (err?: Error) => void) => void
  const decorated = app as unknown as {
    auth(strategies: Strategy[]): Strategy
    verifyBearerAuth: Strategy
  }
  const internalNetwork: Strategy = (request, _reply, done) => {
    const { headers } = request as { headers: Record<string, unknown> }
    done(headers['x-internal'] === 'yes' ? undefined : new Error('not internal'))
  }
  app.get(
    '/',
    { onRequest: decorated.auth([decorated.verifyBearerAuth, internalNetwork]) },
    async () => 'in',
  )
  assert.equal((await app.inject({ url: '/', headers: { 'x-internal': 'yes' } })).statusCode, 200)
  assert.equal(
    (await app.inject({ url: '/', headers: { authorization: `Bearer ${KEY}` } })).statusCode,
    200,
  )
  const refused = await app.inject({ url: '/' })
  assert.equal(refused.statusCode, 401)
})
