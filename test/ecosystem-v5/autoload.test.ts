// @fastify/autoload 6 (the Fastify 5 major) on arbor, in both lines, on ./fixtures/autoload
// (whose shared plugin is wrapped with fastify-plugin 5, declaring fastify '5.x'); the cases,
// shared with the Fastify 4 major (test/ecosystem/autoload.test.ts), are in
// ../ecosystem/cases/autoload.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { type AutoloadCase, autoloadCases, autoloaded } from '../ecosystem/cases/autoload.ts'
import { lines } from './lines.ts'

// autoload recognises tsx only when it is preloaded with --require; under `node --import tsx`
// it needs this switch to load .ts files. It is read once, before the plugin is imported.
process.env.FASTIFY_AUTOLOAD_TYPESCRIPT = '1'
const { default: autoload } = await import('@fastify/autoload-v5')

const dir = fileURLToPath(new URL('./fixtures/autoload/', import.meta.url))

for (const line of lines) {
  const autoloadCase: AutoloadCase = {
    plugin: autoload,
    app: line.app,
    label: `@fastify/autoload 6 (${line.name})`,
    dir,
  }
  autoloadCases(autoloadCase)

  // Only this major's fixture has the admin folder, whose plugin names its own autoPrefix.
  test(`${autoloadCase.label}: a plugin's autoPrefix replaces its folder's prefix`, async (t) => {
    const app = await autoloaded(autoloadCase)
    t.after(() => app.close())
    const panel = await app.inject({ url: '/panel' })
    assert.deepEqual(panel.json(), { panel: true })
    assert.equal((await app.inject({ url: '/admin/panel' })).statusCode, 404)
  })
}
