// @fastify/autoload 5 on arbor: a folder of TypeScript plugins (loaded through tsx) becomes
// registered plugins, folder names become route prefixes, and autohooks stay in their folder.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import arbor from '../../src/index.ts'

// autoload recognises tsx only when it is preloaded with --require; under `node --import tsx`
// it needs this switch to load .ts files. It is read once, before the plugin is imported.
process.env.FASTIFY_AUTOLOAD_TYPESCRIPT = '1'
const { default: autoload } = await import('@fastify/autoload')

const dir = fileURLToPath(new URL('./fixtures/autoload/', import.meta.url))

async function build() {
  const app = arbor()
  await app.register(autoload, { dir, autoHooks: true, options: { service: 'arbor' } })
  await app.ready()
  return app
}

test('@fastify/autoload: each file of the folder is registered, with the options given', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const res = await app.inject({ method: 'GET', url: '/health' })
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json(), { ok: true, service: 'arbor' })
})

test('@fastify/autoload: a sub-folder becomes a route prefix and sees the shared decorator', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const users = await app.inject({ method: 'GET', url: '/users' })
  assert.equal(users.statusCode, 200)
  assert.deepEqual(users.json(), ['ada', 'grace'])
  const greeting = await app.inject({ method: 'GET', url: '/users/greeting' })
  assert.deepEqual(greeting.json(), { greeting: 'hello' }, 'autoConfig reaches the plugin')
})

test("@fastify/autoload: autohooks of a folder apply to that folder's routes only", async (t) => {
  const app = await build()
  t.after(() => app.close())
  const users = await app.inject({ method: 'GET', url: '/users' })
  assert.equal(users.headers['x-users-hook'], 'yes')
  const health = await app.inject({ method: 'GET', url: '/health' })
  assert.equal(health.headers['x-users-hook'], undefined)
})
