// @fastify/request-context 7 (the Fastify 5 major) on arbor, in both lines: an AsyncLocalStorage
// store opened by its hook follows each request through arbor's pipeline (preHandler, handler)
// and stays apart from every other request in flight, over inject and over HTTP.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fastifyRequestContext, requestContext } from '@fastify/request-context-v5'
import { lines, overHttp } from './lines.ts'

// requestContext is typed against the plugin's RequestContextData declaration merge; the test
// reads and writes its own keys through this narrow view.
const store = requestContext as unknown as {
  get(key: string): unknown
  set(key: string, value: unknown): void
}

for (const line of lines) {
  async function build() {
    const app = line.app()
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
        if (gates.size === 2) {
          for (const open of gates.values()) open()
          gates.clear()
        }
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
  test(`@fastify/request-context 7 (${line.name}): two concurrent injected requests see their own store`, {
    timeout: 10_000,
  }, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const [alice, bob] = await Promise.all([
      app.inject({ url: '/who', headers: { 'x-user': 'alice' } }),
      app.inject({ url: '/who', headers: { 'x-user': 'bob' } }),
    ])
    assert.deepEqual(alice.json(), {
      user: 'alice',
      seenInPreHandler: 'alice',
      fromRequest: 'alice',
    })
    assert.deepEqual(bob.json(), { user: 'bob', seenInPreHandler: 'bob', fromRequest: 'bob' })
    assert.equal(store.get('user'), undefined, 'outside a request the store is empty')
  })

  test(`@fastify/request-context 7 (${line.name}): two concurrent HTTP requests see their own store`, {
    timeout: 10_000,
  }, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const [alice, bob] = await Promise.all([
      request('/who', { headers: { 'x-user': 'alice' } }),
      request('/who', { headers: { 'x-user': 'bob' } }),
    ])
    assert.deepEqual(await alice.json(), {
      user: 'alice',
      seenInPreHandler: 'alice',
      fromRequest: 'alice',
    })
    assert.deepEqual(await bob.json(), { user: 'bob', seenInPreHandler: 'bob', fromRequest: 'bob' })
  })
}
