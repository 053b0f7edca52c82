// Line table row `pluginTimeoutCause` (docs/fastify-lines.md): a plugin that never calls `done`
// fails ready() with FST_ERR_PLUGIN_TIMEOUT in both lines; its `cause` carries the loader's
// code, AVV_ERR_READY_TIMEOUT in the Fastify 4 line (avvio 8) and AVV_ERR_PLUGIN_EXEC_TIMEOUT in
// the Fastify 5 line (avvio 9), with the same text.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

const causes = { 4: 'AVV_ERR_READY_TIMEOUT', 5: 'AVV_ERR_PLUGIN_EXEC_TIMEOUT' } as const

for (const line of [4, 5] as const) {
  test(`pluginTimeoutCause, Fastify ${line} line: the cause is ${causes[line]}`, async () => {
    const app = arbor({ fastifyLine: line, pluginTimeout: 10 })
    app.register(function neverDone(_app, _opts, _done) {})
    const err = await app.ready().then(
      () => assert.fail('ready() should fail'),
      (e: Error) => e,
    )
    assert.equal((err as Error & { code: string }).code, 'FST_ERR_PLUGIN_TIMEOUT')
    assert.equal(
      err.message,
      "fastify-plugin: Plugin did not start in time: 'neverDone'. You may have forgotten to call 'done' function or to resolve a Promise",
    )
    assert.equal((err.cause as { code: string }).code, causes[line])
  })
}

for (const line of [4, 5] as const) {
  test(`pluginTimeoutCause, Fastify ${line} line: an after() callback that never calls done has the same cause`, async () => {
    const app = arbor({ fastifyLine: line, pluginTimeout: 10 })
    app.after((_err, _done) => {})
    const err = await new Promise<Error | null>((resolve) => app.ready((e) => resolve(e)))
    assert.equal((err as Error & { code: string }).code, 'FST_ERR_PLUGIN_TIMEOUT')
    assert.equal(((err as Error).cause as { code: string }).code, causes[line])
  })
}
