// @fastify/cors 9 on arbor: the preflight route it adds and the headers its onRequest hook sets.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import cors from '@fastify/cors'
import arbor from '../../src/index.ts'

function build(options: Record<string, unknown>) {
  const app = arbor()
  app.register(cors, options)
  app.get('/items', async () => ({ items: [] }))
  app.post('/items', async () => ({ created: true }))
  return app
}

test('@fastify/cors: a preflight OPTIONS gets access-control-allow-origin and allow-methods', async (t) => {
  const app = build({ origin: 'https://app.example', methods: ['GET', 'POST'] })
  t.after(() => app.close())
  const res = await app.inject({
    method: 'OPTIONS',
    url: '/items',
    headers: {
      origin: 'https://app.example',
      'access-control-request-method': 'POST',
    },
  })
  assert.equal(res.statusCode, 204)
  assert.equal(res.headers['access-control-allow-origin'], 'https://app.example')
  assert.equal(res.headers['access-control-allow-methods'], 'GET, POST')
})

test('@fastify/cors: a simple GET from an allowed origin gets the origin header, others do not', async (t) => {
  const app = build({ origin: ['https://app.example'], credentials: true })
  t.after(() => app.close())
  const allowed = await app.inject({
    method: 'GET',
    url: '/items',
    headers: { origin: 'https://app.example' },
  })
  assert.equal(allowed.statusCode, 200)
  assert.deepEqual(allowed.json(), { items: [] })
  assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example')
  assert.equal(allowed.headers['access-control-allow-credentials'], 'true')
  assert.equal(allowed.headers.vary, 'Origin')

  const refused = await app.inject({
    method: 'GET',
    url: '/items',
    headers: { origin: 'https://evil.example' },
  })
  assert.equal(refused.statusCode, 200)
  assert.equal(refused.headers['access-control-allow-origin'], undefined)
})

test('@fastify/cors: a dynamic origin callback decides per request', async (t) => {
  const app = build({
    origin: (origin: string | undefined, cb: (err: Error | null, allow: boolean) => void) => {
      cb(null, origin?.endsWith('.trusted.example') === true)
    },
  })
  t.after(() => app.close())
  const trusted = await app.inject({
    url: '/items',
    headers: { origin: 'https://a.trusted.example' },
  })
  assert.equal(trusted.headers['access-control-allow-origin'], 'https://a.trusted.example')
  const untrusted = await app.inject({
    url: '/items',
    headers: { origin: 'https://other.example' },
  })
  assert.equal(untrusted.headers['access-control-allow-origin'], undefined)
})
