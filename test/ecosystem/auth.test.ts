// @fastify/auth 4 on arbor: app.auth([...]) composes strategies into one hook function,
// with the 'or' (first success wins) and 'and' (all must pass) relations.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import auth from '@fastify/auth'
import arbor, { type ArborReply, type ArborRequest } from '../../src/index.ts'

type Strategy = (request: ArborRequest, reply: ArborReply, done: (err?: Error) => void) => void
// app.auth is typed on FastifyInstance; on arbor it is a plain decorator.
type AuthApp = {
  auth(strategies: Strategy[], options?: { relation?: 'or' | 'and' }): Strategy
}

function unauthorized(message: string) {
  return Object.assign(new Error(message), { statusCode: 401 })
}

// Two strategies a user would write: an API key header, and a session header.
const apiKey: Strategy = (request, _reply, done) => {
  done(request.headers['x-api-key'] === 'key-1' ? undefined : unauthorized('bad api key'))
}
const session: Strategy = (request, _reply, done) => {
  done(request.headers['x-session'] === 'sess-1' ? undefined : unauthorized('no session'))
}

async function build() {
  const app = arbor()
  await app.register(auth)
  const { auth: compose } = app as unknown as AuthApp
  app.get('/either', { preHandler: compose([apiKey, session]) }, async () => ({ ok: 'either' }))
  app.get('/both', { preHandler: compose([apiKey, session], { relation: 'and' }) }, async () => ({
    ok: 'both',
  }))
  return app
}

const headers = { key: { 'x-api-key': 'key-1' }, session: { 'x-session': 'sess-1' } }

test('@fastify/auth: with relation "or" either strategy lets the request through', async (t) => {
  const app = await build()
  t.after(() => app.close())
  for (const h of [headers.key, headers.session, { ...headers.key, ...headers.session }]) {
    const res = await app.inject({ method: 'GET', url: '/either', headers: h })
    assert.equal(res.statusCode, 200, JSON.stringify(h))
    assert.deepEqual(res.json(), { ok: 'either' })
  }
  const none = await app.inject({ method: 'GET', url: '/either' })
  assert.equal(none.statusCode, 401)
  assert.equal(none.json().message, 'no session', "the last strategy's error is reported")
})

test('@fastify/auth: with relation "and" both strategies must pass', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const both = await app.inject({
    method: 'GET',
    url: '/both',
    headers: { ...headers.key, ...headers.session },
  })
  assert.equal(both.statusCode, 200)
  assert.deepEqual(both.json(), { ok: 'both' })
  const keyOnly = await app.inject({ method: 'GET', url: '/both', headers: headers.key })
  assert.equal(keyOnly.statusCode, 401)
  assert.equal(keyOnly.json().message, 'no session')
  const sessionOnly = await app.inject({ method: 'GET', url: '/both', headers: headers.session })
  assert.equal(sessionOnly.statusCode, 401)
  assert.equal(sessionOnly.json().message, 'bad api key')
})

test('@fastify/auth: async strategies and an onRequest hook compose the same way', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  await app.register(auth)
  const asyncKey = async (request: ArborRequest) => {
    if (request.headers['x-api-key'] !== 'key-1') throw unauthorized('bad api key')
  }
  app.addHook(
    'onRequest',
    (app as unknown as AuthApp).auth([asyncKey as unknown as Strategy, session]),
  )
  app.get('/', async () => 'in')
  assert.equal((await app.inject({ url: '/', headers: headers.key })).body, 'in')
  assert.equal((await app.inject({ url: '/' })).statusCode, 401)
})
