// @fastify/request-context cases shared by its Fastify 4 major (5) and its Fastify 5 major (7):
// an AsyncLocalStorage store opened in its onRequest hook must follow the request through
// arbor's pipeline (preHandler, handler) and stay apart from every other request in flight,
// over inject and over HTTP.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

// requestContext is typed against the plugin's RequestContextData declaration merge; the test
// reads and writes its own keys through this narrow view.
export type Store = {
  get(key: string): unknown
  set(key: string, value: unknown): void
}

export interface RequestContextCase extends PluginCase {
  /** The major's `requestContext` export. */
  store: Store
}

export function requestContextCases({
  plugin,
  app: makeApp,
  label,
  store,
}: RequestContextCase): void {
  async function build() {
    const app = makeApp()
    await app.register(plugin, {
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
        fromRequest: (request as unknown as { requestContext: Store }).requestContext.get('user'),
      }
    })
    return app
  }

  // The timeout only guards against a hang if a request never reaches the handler.
  test(`${label}: two concurrent requests each see only their own store`, {
    timeout: 10_000,
  }, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const [alice, bob] = await Promise.all([
      app.inject({ method: 'GET', url: '/who', headers: { 'x-user': 'alice' } }),
      app.inject({ method: 'GET', url: '/who', headers: { 'x-user': 'bob' } }),
    ])
    assert.deepEqual(alice.json(), {
      user: 'alice',
      seenInPreHandler: 'alice',
      fromRequest: 'alice',
    })
    assert.deepEqual(bob.json(), { user: 'bob', seenInPreHandler: 'bob', fromRequest: 'bob' })
    assert.equal(store.get('user'), undefined, 'outside a request the store is empty')
  })

  test(`${label}: two concurrent HTTP requests each see only their own store`, {
    timeout: 10_000,
  }, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const as = (user: string) =>
      fetch(`http://127.0.0.1:${port}/who`, { headers: { 'x-user': user } })
    const [alice, bob] = await Promise.all([as('alice'), as('bob')])
    assert.deepEqual(await alice.json(), {
      user: 'alice',
      seenInPreHandler: 'alice',
      fromRequest: 'alice',
    })
    assert.deepEqual(await bob.json(), { user: 'bob', seenInPreHandler: 'bob', fromRequest: 'bob' })
  })

  test(`${label}: outside a request the store is empty`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    await app.ready()
    assert.equal(store.get('user'), undefined)
  })
}
