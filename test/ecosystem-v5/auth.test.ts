// @fastify/auth 5 (the Fastify 5 major) on arbor, in both lines: app.auth([...]) composes
// strategies (callback or async) into one hook, with the 'or' and 'and' relations.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import auth from '@fastify/auth-v5'
import type { ArborReply, ArborRequest } from '../../src/index.ts'
import { lines, overHttp } from './lines.ts'

type Strategy = (request: ArborRequest, reply: ArborReply, done: (err?: Error) => void) => void
type AsyncStrategy = (request: ArborRequest, reply: ArborReply) => Promise<void>
// app.auth is typed on FastifyInstance; on arbor it is a plain decorator.
type AuthApp = {
  auth(strategies: Array<Strategy | AsyncStrategy>, options?: { relation?: 'or' | 'and' }): never
}

function unauthorized(message: string) {
  return Object.assign(new Error(message), { statusCode: 401 })
}

// Two strategies a user would write: an API key header (callback), a session header (async).
const apiKey: Strategy = (request, _reply, done) => {
  done(request.headers['x-api-key'] === 'key-1' ? undefined : unauthorized('bad api key'))
}
const session: AsyncStrategy = async (request) => {
  if (request.headers['x-session'] !== 'sess-1') throw unauthorized('no session')
}
const headers = { key: { 'x-api-key': 'key-1' }, session: { 'x-session': 'sess-1' } }

for (const line of lines) {
  async function build() {
    const app = line.app()
    await app.register(auth)
    const { auth: compose } = app as unknown as AuthApp
    app.get('/either', { preHandler: compose([apiKey, session]) }, async () => ({ ok: 'either' }))
    app.get('/both', { preHandler: compose([apiKey, session], { relation: 'and' }) }, async () => ({
      ok: 'both',
    }))
    return app
  }

  test(`@fastify/auth 5 (${line.name}): with relation "or" either strategy lets the request through`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    for (const h of [headers.key, headers.session]) {
      const res = await app.inject({ url: '/either', headers: h })
      assert.deepEqual(res.json(), { ok: 'either' }, JSON.stringify(h))
    }
    const none = await app.inject({ url: '/either' })
    assert.equal(none.statusCode, 401)
    assert.equal(none.json().message, 'no session', "the last strategy's error is reported")
  })

  test(`@fastify/auth 5 (${line.name}): over HTTP with relation "and" both strategies must pass`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const both = await request('/both', { headers: { ...headers.key, ...headers.session } })
    assert.deepEqual(await both.json(), { ok: 'both' })
    const keyOnly = await request('/both', { headers: headers.key })
    assert.equal(keyOnly.status, 401)
    assert.equal(((await keyOnly.json()) as { message: string }).message, 'no session')
    const sessionOnly = await request('/both', { headers: headers.session })
    assert.equal(sessionOnly.status, 401)
    assert.equal(((await sessionOnly.json()) as { message: string }).message, 'bad api key')
  })
}
