// Line table row `pluginMixedStyleThrows` (docs/fastify-lines.md): an async plugin that also
// takes `done` mixes two styles. The Fastify 4 line loads it and warns FSTWRN002; the Fastify 5
// line refuses it with FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER, naming the plugin.
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { test } from 'node:test'
import arbor, { errorCodes, plugin } from '../../src/index.ts'

// biome-ignore lint/suspicious/noExplicitAny: the mixed signature is the point of the test
const mixed = async (_app: any, _opts: any, done: () => void) => {
  done()
}

test('pluginMixedStyleThrows, Fastify 4 line: the plugin loads, with warning FSTWRN002', async () => {
  const app = arbor({ fastifyLine: 4 })
  const warned = once(process, 'warning')
  app.register(mixed)
  await app.ready()
  const [warning] = (await warned) as [Error & { code?: string }]
  assert.equal(warning.code, 'FSTWRN002')
  assert.match(warning.message, /The mixed plugin being registered mixes async and callback styles/)
  await app.close()
})

test('pluginMixedStyleThrows, Fastify 5 line: ready() fails with FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER', async () => {
  const app = arbor({ fastifyLine: 5 })
  app.register(mixed)
  const err = await app.ready().then(
    () => assert.fail('ready() should fail'),
    (e: Error) => e,
  )
  assert.ok(err instanceof errorCodes.FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER)
  assert.ok(err instanceof TypeError)
  assert.equal(
    err.message,
    'The mixed plugin being registered mixes async and callback styles. Async plugin should not mix async and callback style.',
  )
})

test('pluginMixedStyleThrows, Fastify 5 line: a wrapped plugin is named by its meta name', async () => {
  const app = arbor({ fastifyLine: 5 })
  app.register(plugin(mixed, { name: 'error-plugin' }))
  await assert.rejects(app.ready(), {
    code: 'FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER',
    message: /^The error-plugin plugin being registered/,
  })
})
