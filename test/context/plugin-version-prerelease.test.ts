// The plugin version check while the instance's version is an early Fastify build, as Fastify 5
// does it: a release candidate, `-pre` or `-alpha` version loads plugins written for the release
// before it; another pre-release tag is checked against the range as it stands.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'

async function load(version: string, range: string): Promise<string> {
  const app = arbor()
  Object.defineProperty(app, 'version', { value: version })
  app.register(plugin(async () => {}, { name: 'versioned', fastify: range }))
  return app.ready().then(
    () => 'loaded',
    (err: Error & { code?: string }) => String(err.code),
  )
}

for (const version of ['99.0.0-rc.1', '99.0.0-pre.1', '99.0.0-alpha.1']) {
  test(`version ${version} loads a plugin declaring the previous major (^98.x)`, async () => {
    assert.equal(await load(version, '^98.x'), 'loaded')
  })
}

test('an early build still refuses a plugin declaring a later major', async () => {
  assert.equal(await load('99.0.0-rc.1', '^100.x'), 'FST_ERR_PLUGIN_VERSION_MISMATCH')
})

test('a -beta version is not an early build: the previous major is refused', async () => {
  assert.equal(await load('99.0.0-beta.1', '^98.x'), 'FST_ERR_PLUGIN_VERSION_MISMATCH')
})
