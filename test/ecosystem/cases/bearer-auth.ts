// @fastify/bearer-auth cases (the ecosystem plugin, not arbor/bearer-auth) shared by its Fastify 4
// major (9, with @fastify/auth 4) and its Fastify 5 major (10, with @fastify/auth 5): its
// onRequest hook, its errorResponse, encapsulation in a child context, an async auth function,
// and its verifyBearerAuth decorator composed with @fastify/auth.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ArborInstance } from '../../../src/index.ts'
import { listenLocal } from '../../helpers/http.ts'
import type { Plugin, PluginCase } from './plugin-case.ts'

const KEY = 'ecosystem-key-1'

// Both decorators are typed on FastifyInstance; on arbor they are plain properties.
type Strategy = (request: unknown, reply: unknown, done: (err?: Error) => void) => void
type Decorated = { auth(strategies: Strategy[]): never; verifyBearerAuth: Strategy }

export interface BearerAuthCase extends PluginCase {
  /** The @fastify/auth major that goes with this bearer-auth major. */
  auth: Plugin
}

export function bearerAuthCases({ plugin, app: makeApp, label, auth }: BearerAuthCase): void {
  test(`${label}: 401 without or with a wrong token, 200 with a listed key`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { keys: new Set([KEY]) })
    app.get('/', async () => ({ in: true }))

    const missing = await app.inject({ method: 'GET', url: '/' })
    assert.equal(missing.statusCode, 401)
    assert.deepEqual(missing.json(), { error: 'missing authorization header' })
    const wrong = await app.inject({ url: '/', headers: { authorization: 'Bearer not-the-key' } })
    assert.equal(wrong.statusCode, 401)
    assert.deepEqual(wrong.json(), { error: 'invalid authorization header' })
    const ok = await app.inject({ url: '/', headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { in: true })
  })

  test(`${label}: over real HTTP 401 without or with a wrong token, 200 with a key`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { keys: new Set([KEY]) })
    app.get('/', async () => ({ in: true }))
    const port = await listenLocal(app)
    const request = (headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/`, { headers })
    const missing = await request()
    assert.equal(missing.status, 401)
    assert.deepEqual(await missing.json(), { error: 'missing authorization header' })
    const wrong = await request({ authorization: 'Bearer not-the-key' })
    assert.equal(wrong.status, 401)
    assert.deepEqual(await wrong.json(), { error: 'invalid authorization header' })
    const ok = await request({ authorization: `Bearer ${KEY}` })
    assert.equal(ok.status, 200)
    assert.deepEqual(await ok.json(), { in: true })
  })

  test(`${label}: registered in a child context it protects only that context`, async (t) => {
    // With a key list, and with an async auth function instead.
    for (const options of [
      { keys: [KEY] },
      { keys: [], auth: async (key: string) => key === KEY },
    ]) {
      const app = makeApp()
      t.after(() => app.close())
      app.get('/open', async () => 'open')
      app.register(async (admin: ArborInstance) => {
        await admin.register(plugin, options)
        admin.get('/admin', async () => 'admin')
      })
      assert.equal((await app.inject({ url: '/open' })).statusCode, 200)
      assert.equal((await app.inject({ url: '/admin' })).statusCode, 401)
      const admin = await app.inject({ url: '/admin', headers: { authorization: `Bearer ${KEY}` } })
      assert.equal(admin.body, 'admin')
    }
  })

  test(`${label}: an async auth function decides, and a thrown error is a 500`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, {
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

  test(`${label}: with addHook false, verifyBearerAuth composes with @fastify/auth`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(auth)
    await app.register(plugin, { keys: [KEY], addHook: false })
    const decorated = app as unknown as Decorated
    const internalNetwork: Strategy = (request, _reply, done) => {
      const { headers } = request as { headers: Record<string, unknown> }
      done(headers['x-internal'] === 'yes' ? undefined : new Error('not internal'))
    }
    app.get(
      '/',
      { onRequest: decorated.auth([decorated.verifyBearerAuth, internalNetwork]) },
      async () => 'in',
    )
    app.get(
      '/guarded',
      { preHandler: decorated.auth([decorated.verifyBearerAuth]) },
      async () => 'in',
    )
    app.get('/open', async () => 'open')
    assert.equal((await app.inject({ url: '/', headers: { 'x-internal': 'yes' } })).statusCode, 200)
    assert.equal(
      (await app.inject({ url: '/', headers: { authorization: `Bearer ${KEY}` } })).statusCode,
      200,
    )
    const refused = await app.inject({ url: '/' })
    assert.equal(refused.statusCode, 401)
    // Alone in a preHandler, beside a route without it.
    assert.equal((await app.inject({ url: '/open' })).body, 'open')
    assert.equal((await app.inject({ url: '/guarded' })).statusCode, 401)
    const ok = await app.inject({ url: '/guarded', headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(ok.body, 'in')
  })
}
