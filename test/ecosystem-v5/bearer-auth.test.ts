// @fastify/bearer-auth 10 (the Fastify 5 major; the ecosystem plugin, not arbor/bearer-auth) on
// arbor, in both lines: its onRequest hook, encapsulation in a child context, an async auth
// function, and its verifyBearerAuth decorator composed with @fastify/auth 5.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import auth from '@fastify/auth-v5'
import bearerAuth from '@fastify/bearer-auth-v5'
import type { ArborInstance } from '../../src/index.ts'
import { lines, overHttp } from './lines.ts'

const KEY = 'ecosystem-key-1'

for (const line of lines) {
  test(`@fastify/bearer-auth 10 (${line.name}): over HTTP 401 without or with a wrong token, 200 with a key`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(bearerAuth, { keys: new Set([KEY]) })
    app.get('/', async () => ({ in: true }))
    const request = await overHttp(app)
    const missing = await request('/')
    assert.equal(missing.status, 401)
    assert.deepEqual(await missing.json(), { error: 'missing authorization header' })
    const wrong = await request('/', { headers: { authorization: 'Bearer not-the-key' } })
    assert.equal(wrong.status, 401)
    assert.deepEqual(await wrong.json(), { error: 'invalid authorization header' })
    const ok = await request('/', { headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(ok.status, 200)
    assert.deepEqual(await ok.json(), { in: true })
  })

  test(`@fastify/bearer-auth 10 (${line.name}): in a child context it protects only that context`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    app.get('/open', async () => 'open')
    app.register(async (admin: ArborInstance) => {
      await admin.register(bearerAuth, {
        keys: [],
        auth: async (key: string) => key === KEY,
      })
      admin.get('/admin', async () => 'admin')
    })
    assert.equal((await app.inject({ url: '/open' })).statusCode, 200)
    assert.equal((await app.inject({ url: '/admin' })).statusCode, 401)
    const admin = await app.inject({ url: '/admin', headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(admin.body, 'admin')
  })

  test(`@fastify/bearer-auth 10 (${line.name}): verifyBearerAuth composes with @fastify/auth`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(auth)
    await app.register(bearerAuth, { keys: [KEY], addHook: false })
    const decorated = app as unknown as { auth(s: unknown[]): never; verifyBearerAuth: unknown }
    app.get(
      '/guarded',
      { preHandler: decorated.auth([decorated.verifyBearerAuth]) },
      async () => 'in',
    )
    app.get('/open', async () => 'open')
    assert.equal((await app.inject({ url: '/open' })).body, 'open')
    assert.equal((await app.inject({ url: '/guarded' })).statusCode, 401)
    const ok = await app.inject({ url: '/guarded', headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(ok.body, 'in')
  })
}
