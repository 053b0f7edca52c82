// @fastify/autoload cases shared by its Fastify 4 major (5) and its Fastify 5 major (6): a folder
// of TypeScript plugins (loaded through tsx) becomes registered plugins, folder names become
// route prefixes, autoConfig is read, autohooks stay in their folder, and a shared plugin wrapped
// with fastify-plugin decorates its siblings. Each major has its own fixture folder: the shared
// plugin there is wrapped with that major's fastify-plugin.
//
// autoload recognises tsx only when it is preloaded with --require; under `node --import tsx`
// the caller sets FASTIFY_AUTOLOAD_TYPESCRIPT=1 before it imports the plugin.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { App, PluginCase } from './plugin-case.ts'

export interface AutoloadCase extends PluginCase {
  /** The fixture folder of the major (see test/ecosystem/fixtures/autoload). */
  dir: string
}

/** An app with `dir` autoloaded (autohooks on, { service: 'arbor' } to every plugin), ready. */
export async function autoloaded({ plugin, app: makeApp, dir }: AutoloadCase): Promise<App> {
  const app = makeApp()
  await app.register(plugin, { dir, autoHooks: true, options: { service: 'arbor' } })
  await app.ready()
  return app
}

export function autoloadCases(autoload: AutoloadCase): void {
  const { label } = autoload
  const build = () => autoloaded(autoload)

  test(`${label}: each file of the folder is registered, with the options given`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await app.inject({ method: 'GET', url: '/health' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { ok: true, service: 'arbor' })
    assert.equal(app.hasPlugin('db'), true)
  })

  test(`${label}: a sub-folder becomes a route prefix and sees the shared decorator`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const users = await app.inject({ method: 'GET', url: '/users' })
    assert.equal(users.statusCode, 200)
    assert.deepEqual(users.json(), ['ada', 'grace'])
    const greeting = await app.inject({ method: 'GET', url: '/users/greeting' })
    assert.deepEqual(greeting.json(), { greeting: 'hello' }, 'autoConfig reaches the plugin')
  })

  test(`${label}: autohooks of a folder apply to that folder's routes only`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const users = await app.inject({ method: 'GET', url: '/users' })
    assert.equal(users.headers['x-users-hook'], 'yes')
    const health = await app.inject({ method: 'GET', url: '/health' })
    assert.equal(health.headers['x-users-hook'], undefined)
  })

  test(`${label}: over real HTTP each file is a registered plugin, folders prefix`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const request = (path: string) => fetch(`http://127.0.0.1:${port}${path}`)
    assert.deepEqual(await (await request('/health')).json(), { ok: true, service: 'arbor' })
    const users = await request('/users')
    assert.deepEqual(await users.json(), ['ada', 'grace'])
    assert.equal(users.headers.get('x-users-hook'), 'yes')
    assert.deepEqual(await (await request('/users/greeting')).json(), { greeting: 'hello' })
  })
}
