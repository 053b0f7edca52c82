// Line table row `version` and the plugin version check (docs/fastify-lines.md): each line
// reports its Fastify release; plugins declaring either major load in both lines, and a range
// neither line satisfies is refused with Fastify's error, naming the plugin and both lines.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { test } from 'node:test'
import fastify4 from '../../src/fastify4.ts'
import fastify5 from '../../src/fastify5.ts'
import arbor, { errorCodes, plugin } from '../../src/index.ts'

test('version: the Fastify 4 line reports 4.25.2, the Fastify 5 line 5.12.1', () => {
  assert.equal(arbor().version, '4.25.2')
  assert.equal(arbor({ fastifyLine: 4 }).version, '4.25.2')
  assert.equal(arbor({ fastifyLine: 5 }).version, '5.12.1')
  assert.equal(fastify4().version, '4.25.2')
  assert.equal(fastify5().version, '5.12.1')
  assert.equal(fastify5().arborVersion, arbor().arborVersion)
})

test('the line entries carry every export, with their own factory under every factory name', () => {
  for (const [entry, version] of [
    [fastify4, '4.25.2'],
    [fastify5, '5.12.1'],
  ] as const) {
    assert.equal(entry.fastify, entry)
    assert.equal(entry.default, entry)
    assert.equal(entry.arbor, entry)
    assert.equal(entry.errorCodes, errorCodes)
    assert.equal(entry.plugin, plugin)
    assert.equal(entry.fastify().version, version)
  }
})

test('fastifyLine option: anything but 4 or 5 fails at start-up', () => {
  assert.throws(() => arbor({ fastifyLine: 6 as 4 }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})

for (const line of [4, 5] as const) {
  test(`Fastify ${line} line: plugins declaring fastify 4.x and 5.x load in one app`, async () => {
    const app = arbor({ fastifyLine: line })
    app.register(
      plugin(async (i) => i.decorate('fromV4', true), { name: 'v4-plugin', fastify: '4.x' }),
    )
    app.register(
      plugin(async (i) => i.decorate('fromV5', true), { name: 'v5-plugin', fastify: '5.x' }),
    )
    app.register(plugin(async () => {}, { name: 'range', fastify: '>=4.20 <6' }))
    await app.ready()
    assert.equal(app.hasDecorator('fromV4') && app.hasDecorator('fromV5'), true)
  })

  test(`Fastify ${line} line: a range neither line satisfies is refused, naming both lines`, async () => {
    const app = arbor({ fastifyLine: line })
    app.register(plugin(async () => {}, { name: 'future', fastify: '6.x' }))
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_PLUGIN_VERSION_MISMATCH')
      assert.match(err.message, /future/)
      assert.match(err.message, /'6\.x'/)
      assert.match(err.message, /4\.25\.2/)
      assert.match(err.message, /5\.12\.1/)
      return true
    })
  })
}

test('a version the application sets itself is the only one checked', async () => {
  const app = arbor({ fastifyLine: 5 })
  Object.defineProperty(app, 'version', { value: '5.0.0' })
  app.register(plugin(async () => {}, { name: 'old', fastify: '4.x' }))
  await assert.rejects(app.ready(), { code: 'FST_ERR_PLUGIN_VERSION_MISMATCH' })
})

test('require() of the fastify5 entry gives the line factory', () => {
  const require = createRequire(import.meta.url)
  const f5 = require('../../src/fastify5.ts')
  assert.equal(typeof f5, 'function')
  assert.equal(f5().version, '5.12.1')
})

test('the line entries refuse options that are not an object, as the factory does', () => {
  for (const entry of [fastify4, fastify5]) {
    assert.throws(() => entry('lol' as never), { code: 'FST_ERR_OPTIONS_NOT_OBJ' })
    assert.throws(() => entry([] as never), { code: 'FST_ERR_OPTIONS_NOT_OBJ' })
  }
})
