// Line table row `hookTimeoutNamesHook` (docs/fastify-lines.md): an onReady hook
// that never finishes fails with FST_ERR_HOOK_TIMEOUT, the loader's AVV_ERR_READY_TIMEOUT as its
// cause, in both lines; the Fastify 5 line's message also names the hook function.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

const tail = "timed out. You may have forgotten to call 'done' function or to resolve a Promise"

async function onReadyTimeout(line: 4 | 5, hook: (done: () => void) => void) {
  const app = arbor({ fastifyLine: line, pluginTimeout: 20 })
  app.addHook('onReady', hook)
  return app.ready().then(
    () => assert.fail('ready() should fail'),
    (e: Error & { code?: string }) => e,
  )
}

test('hookTimeoutNamesHook, Fastify 4 line: the message names the hook kind only', async () => {
  const err = await onReadyTimeout(4, function someHookName(_done) {})
  assert.equal(err.code, 'FST_ERR_HOOK_TIMEOUT')
  assert.equal(err.message, `A callback for 'onReady' hook ${tail}`)
  assert.equal((err.cause as { code: string }).code, 'AVV_ERR_READY_TIMEOUT')
})

test('hookTimeoutNamesHook, Fastify 5 line: the message names the hook function', async () => {
  const err = await onReadyTimeout(5, function someHookName(_done) {})
  assert.equal(err.code, 'FST_ERR_HOOK_TIMEOUT')
  assert.equal(err.message, `A callback for 'onReady' hook "someHookName" ${tail}`)
  assert.equal((err.cause as { code: string }).code, 'AVV_ERR_READY_TIMEOUT')
})

test('hookTimeoutNamesHook, Fastify 5 line: the hook that timed out is named, not an earlier one', async () => {
  const app = arbor({ fastifyLine: 5, pluginTimeout: 20 })
  app.addHook('onReady', function first(done) {
    done()
  })
  app.register(async (child) => {
    child.addHook('onReady', function stuck(_done) {})
  })
  await assert.rejects(app.ready(), { message: `A callback for 'onReady' hook "stuck" ${tail}` })
})

test('hookTimeoutNamesHook, Fastify 5 line: an anonymous hook leaves the name out', async () => {
  const err = await onReadyTimeout(5, (_done) => {})
  assert.equal(err.message, `A callback for 'onReady' hook ${tail}`)
})
