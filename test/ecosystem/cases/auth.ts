// @fastify/auth cases shared by its Fastify 4 major (4) and its Fastify 5 major (5):
// app.auth([...]) composes strategies (callback or async) into one hook function, with the 'or'
// (first success wins) and 'and' (all must pass) relations.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ArborReply, ArborRequest } from '../../../src/index.ts'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

type Strategy = (request: ArborRequest, reply: ArborReply, done: (err?: Error) => void) => void
type AsyncStrategy = (request: ArborRequest, reply: ArborReply) => Promise<void>
// app.auth is typed on FastifyInstance; on arbor it is a plain decorator.
type AuthApp = {
  auth(strategies: Array<Strategy | AsyncStrategy>, options?: { relation?: 'or' | 'and' }): never
}

function unauthorized(message: string) {
  return Object.assign(new Error(message), { statusCode: 401 })
}

// Strategies a user would write: an API key header, and a session header written both as a
// callback and as an async function.
const apiKey: Strategy = (request, _reply, done) => {
  done(request.headers['x-api-key'] === 'key-1' ? undefined : unauthorized('bad api key'))
}
const session: Strategy = (request, _reply, done) => {
  done(request.headers['x-session'] === 'sess-1' ? undefined : unauthorized('no session'))
}
const asyncSession: AsyncStrategy = async (request) => {
  if (request.headers['x-session'] !== 'sess-1') throw unauthorized('no session')
}

const headers = { key: { 'x-api-key': 'key-1' }, session: { 'x-session': 'sess-1' } }
// The same routes with the callback session strategy at the root and the async one under /async.
const prefixes = ['', '/async']

export function authCases({ plugin, app: makeApp, label }: PluginCase): void {
  async function build() {
    const app = makeApp()
    await app.register(plugin)
    const { auth: compose } = app as unknown as AuthApp
    for (const [prefix, sessionStrategy] of [
      ['', session],
      ['/async', asyncSession],
    ] as const) {
      app.get(`${prefix}/either`, { preHandler: compose([apiKey, sessionStrategy]) }, async () => ({
        ok: 'either',
      }))
      app.get(
        `${prefix}/both`,
        { preHandler: compose([apiKey, sessionStrategy], { relation: 'and' }) },
        async () => ({ ok: 'both' }),
      )
    }
    return app
  }

  test(`${label}: with relation "or" either strategy lets the request through`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    for (const prefix of prefixes) {
      for (const h of [headers.key, headers.session, { ...headers.key, ...headers.session }]) {
        const res = await app.inject({ method: 'GET', url: `${prefix}/either`, headers: h })
        assert.equal(res.statusCode, 200, prefix + JSON.stringify(h))
        assert.deepEqual(res.json(), { ok: 'either' })
      }
      const none = await app.inject({ method: 'GET', url: `${prefix}/either` })
      assert.equal(none.statusCode, 401)
      assert.equal(none.json().message, 'no session', "the last strategy's error is reported")
    }
  })

  test(`${label}: with relation "and" both strategies must pass`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    for (const prefix of prefixes) {
      const url = `${prefix}/both`
      const both = await app.inject({ url, headers: { ...headers.key, ...headers.session } })
      assert.equal(both.statusCode, 200)
      assert.deepEqual(both.json(), { ok: 'both' })
      const keyOnly = await app.inject({ method: 'GET', url, headers: headers.key })
      assert.equal(keyOnly.statusCode, 401)
      assert.equal(keyOnly.json().message, 'no session')
      const sessionOnly = await app.inject({ method: 'GET', url, headers: headers.session })
      assert.equal(sessionOnly.statusCode, 401)
      assert.equal(sessionOnly.json().message, 'bad api key')
    }
  })

  test(`${label}: over real HTTP with relation "and" both strategies must pass`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    for (const prefix of prefixes) {
      const both = (h: Record<string, string>) =>
        fetch(`http://127.0.0.1:${port}${prefix}/both`, { headers: h })
      const ok = await both({ ...headers.key, ...headers.session })
      assert.deepEqual(await ok.json(), { ok: 'both' })
      const keyOnly = await both(headers.key)
      assert.equal(keyOnly.status, 401)
      assert.equal(((await keyOnly.json()) as { message: string }).message, 'no session')
      const sessionOnly = await both(headers.session)
      assert.equal(sessionOnly.status, 401)
      assert.equal(((await sessionOnly.json()) as { message: string }).message, 'bad api key')
    }
  })

  test(`${label}: async strategies and an onRequest hook compose the same way`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin)
    const asyncKey: AsyncStrategy = async (request) => {
      if (request.headers['x-api-key'] !== 'key-1') throw unauthorized('bad api key')
    }
    app.addHook('onRequest', (app as unknown as AuthApp).auth([asyncKey, session]))
    app.get('/', async () => 'in')
    assert.equal((await app.inject({ url: '/', headers: headers.key })).body, 'in')
    assert.equal((await app.inject({ url: '/' })).statusCode, 401)
  })
}
