// @fastify/request-context 5 on arbor: an AsyncLocalStorage store opened in its onRequest hook
// must follow the request through arbor's pipeline (preValidation, handler, onSend) and stay
// apart from every other request in flight.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fastifyRequestContext, requestContext } from '@fastify/request-context'
import arbor from '../../src/index.ts'

// requestContext is typed against the plugin's RequestContextData declaration merge; the test
// reads and writes its own keys through this narrow view.
const store = requestContext as unknown as {
  get(key: string): unknown
  set(key: string, value: unknown): void
}

async function build() {
  const app = arbor()
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (request: { headers: Record<string, unknown> }) => ({
      user: String(request.headers['x-user']),
    }),
  })
  const gates = new Map<string, () => void>()
  app.addHook('preHandler', async (request) => {
    store.set('seenInPreHandler', request.headers['x-user'])
  })
  app.get('/who', async (request) => {
    const user = String(request.headers['x-user'])
    // Hold each request until the other has arrived, so both stores are live at once.
    await new Promise<void>((resolve) => {
      gates.set(user, resolve)
      if (gates.size === 2) for (const open of gates.values()) open()
    })
    await new Promise((resolve) => setImmediate(resolve))
    return {
      user: store.get('user'),
      seenInPreHandler: store.get('seenInPreHandler'),
      fromRequest: (request as unknown as { requestContext: typeof store }).requestContext.get(
        'user',
      ),
    }
  })
  return app
}

// The timeout only guards against a hang if a request never reaches the handler.
test('@fastify/request-context: two concurrent requests each see only their own store', {
  timeout: 10_000,
}, async (t) => {
  const app = await build()
  t.after(() => app.close())
  const [alice, bob] = await Promise.all([
    app.inject({ method: 'GET', url: '/who', headers: { 'x-user': 'alice' } }),
    app.inject({ method: 'GET', url: '/who', headers: { 'x-user': 'bob' } }),
  ])
  assert.deepEqual(alice.json(), { user: 'alice', seenInPreHandler: 'alice', fromRequest: 'alice' })
  assert.deepEqual(bob.json(), { user: 'bob', seenInPreHandler: 'bob', fromRequest: 'bob' })
})

test('@fastify/request-context: outside a request the store is empty', async (t) => {
  const app = await build()
  t.after(() => app.close())
  await app.ready()
  assert.equal(store.get('user'), undefined)
})
