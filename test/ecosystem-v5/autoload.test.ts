// @fastify/autoload 6 (the Fastify 5 major) on arbor, in both lines: a folder of TypeScript
// plugins (loaded through tsx) becomes registered plugins; folder names become route prefixes,
// autoConfig and autoPrefix are read, autohooks stay in their folder, and a shared plugin
// wrapped with fastify-plugin 5 decorates its siblings.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { lines, overHttp } from './lines.ts'

// autoload recognises tsx only when it is preloaded with --require; under `node --import tsx`
// it needs this switch to load .ts files. It is read once, before the plugin is imported.
process.env.FASTIFY_AUTOLOAD_TYPESCRIPT = '1'
const { default: autoload } = await import('@fastify/autoload-v5')

const dir = fileURLToPath(new URL('./fixtures/autoload/', import.meta.url))

for (const line of lines) {
  async function build() {
    const app = line.app()
    await app.register(autoload, { dir, autoHooks: true, options: { service: 'arbor' } })
    await app.ready()
    return app
  }

  test(`@fastify/autoload 6 (${line.name}): over HTTP each file is a registered plugin, folders prefix`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    assert.deepEqual(await (await request('/health')).json(), { ok: true, service: 'arbor' })
    const users = await request('/users')
    assert.deepEqual(await users.json(), ['ada', 'grace'])
    assert.equal(users.headers.get('x-users-hook'), 'yes')
    assert.deepEqual(await (await request('/users/greeting')).json(), { greeting: 'hello' })
  })

  test(`@fastify/autoload 6 (${line.name}): autohooks apply to their folder only, autoPrefix is read`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const health = await app.inject({ url: '/health' })
    assert.equal(health.headers['x-users-hook'], undefined)
    const panel = await app.inject({ url: '/panel' })
    assert.deepEqual(panel.json(), { panel: true })
    assert.equal((await app.inject({ url: '/admin/panel' })).statusCode, 404)
    assert.equal(app.hasPlugin('db'), true)
  })
}
