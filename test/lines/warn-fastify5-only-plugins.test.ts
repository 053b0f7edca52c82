// Line table row `warnFastify5OnlyPlugins` (docs/fastify-lines.md): a plugin whose `fastify`
// range only Fastify 5 satisfies loads in both lines; in the Fastify 4 line it warns
// ARBOR_PLUGIN_FASTIFY5_ONLY once per plugin name and application, naming the plugin and the
// ways to choose the Fastify 5 line. The Fastify 5 line is silent.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'

type Warning = Error & { code?: string }

/** The ARBOR_PLUGIN_FASTIFY5_ONLY warnings emitted while `run` runs. */
async function lineWarnings(run: () => Promise<void>): Promise<Warning[]> {
  const seen: Warning[] = []
  const onWarning = (warning: Warning) => {
    if (warning.code === 'ARBOR_PLUGIN_FASTIFY5_ONLY') seen.push(warning)
  }
  process.on('warning', onWarning)
  try {
    await run()
    // process.emitWarning delivers on a later tick
    await new Promise((resolve) => setImmediate(resolve))
  } finally {
    process.off('warning', onWarning)
  }
  return seen
}

const v5Only = (name: string, range = '5.x') =>
  fp(
    async (instance: ArborInstance) => {
      instance.decorate(`${name.replace(/\W/g, '')}Loaded`, true)
    },
    { name, fastify: range },
  )

test('warnFastify5OnlyPlugins, Fastify 4 line: a 5.x plugin loads, with one warning naming it and the ways to choose the line', async (t) => {
  const app = arbor({ fastifyLine: 4 })
  t.after(() => app.close())
  const warnings = await lineWarnings(async () => {
    app.register(v5Only('@scope/needs-five'))
    await app.ready()
  })
  assert.equal(app.hasDecorator('scopeneedsfiveLoaded'), true)
  assert.equal(warnings.length, 1)
  const [warning] = warnings
  assert.equal(warning!.name, 'ArborWarning')
  assert.match(warning!.message, /Plugin '@scope\/needs-five' declares fastify '5\.x'/)
  assert.match(warning!.message, /arbor\/fastify5/)
  assert.match(warning!.message, /fastifyLine: 5/)
  assert.match(warning!.message, /"fastify": "npm:arbor-fastify5@5\.12\.1"/)
})

test('warnFastify5OnlyPlugins, Fastify 4 line: once per plugin name per application', async (t) => {
  const first = arbor({ fastifyLine: 4 })
  const second = arbor({ fastifyLine: 4 })
  t.after(() => Promise.all([first.close(), second.close()]))
  const warnings = await lineWarnings(async () => {
    const once = v5Only('twice-registered', '^5.0.0')
    first.register(once)
    first.register(async (child: ArborInstance) => {
      child.register(once)
      child.register(v5Only('other-five', '>=5.0.0'))
    })
    await first.ready()
    second.register(v5Only('twice-registered', '^5.0.0'))
    await second.ready()
  })
  assert.deepEqual(
    warnings.map((w) => w.message.match(/Plugin '([^']+)'/)?.[1]),
    ['twice-registered', 'other-five', 'twice-registered'],
  )
})

test('warnFastify5OnlyPlugins, Fastify 4 line: a range Fastify 4.25 satisfies does not warn', async (t) => {
  const app = arbor({ fastifyLine: 4 })
  t.after(() => app.close())
  const warnings = await lineWarnings(async () => {
    app.register(v5Only('four', '4.x'))
    app.register(v5Only('four-or-five', '>=4'))
    app.register(plugin(async () => {}, { name: 'no-range' }))
    await app.ready()
  })
  assert.deepEqual(warnings, [])
})

test('warnFastify5OnlyPlugins, Fastify 5 line: a 5.x plugin loads silently, and a 4.x plugin too', async (t) => {
  const app = arbor({ fastifyLine: 5 })
  t.after(() => app.close())
  const warnings = await lineWarnings(async () => {
    app.register(v5Only('five'))
    app.register(v5Only('four', '4.x'))
    await app.ready()
  })
  assert.equal(app.hasDecorator('fiveLoaded'), true)
  assert.equal(app.hasDecorator('fourLoaded'), true)
  assert.deepEqual(warnings, [])
})

test('warnFastify5OnlyPlugins: a range neither line satisfies is still refused, in both lines', async () => {
  for (const fastifyLine of [4, 5] as const) {
    const app = arbor({ fastifyLine })
    app.register(v5Only('six', '6.x'))
    await assert.rejects(app.ready(), { code: 'FST_ERR_PLUGIN_VERSION_MISMATCH' })
  }
})
