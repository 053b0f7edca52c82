// Line table row `warnTopLevelRouterOptions` (docs/fastify-lines.md): the find-my-way options
// given at the top level warn FSTDEP022 in the Fastify 5 line only; `routerOptions` never warns.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

async function warningsOf(make: () => unknown): Promise<Array<{ code?: string; message: string }>> {
  const seen: Array<{ code?: string; message: string }> = []
  const listener = (warning: Error & { code?: string }) => seen.push(warning)
  process.on('warning', listener)
  try {
    make()
    // process warnings are emitted on the next tick
    await new Promise((resolve) => setImmediate(resolve))
  } finally {
    process.removeListener('warning', listener)
  }
  return seen.filter((w) => w.code === 'FSTDEP022')
}

test('warnTopLevelRouterOptions, Fastify 4 line: top-level router options do not warn', async () => {
  const warnings = await warningsOf(() =>
    arbor({ fastifyLine: 4, ignoreTrailingSlash: true, maxParamLength: 50 }),
  )
  assert.deepEqual(warnings, [])
})

test('warnTopLevelRouterOptions, Fastify 5 line: FSTDEP022 names every top-level router option', async () => {
  const warnings = await warningsOf(() =>
    arbor({ fastifyLine: 5, ignoreTrailingSlash: true, maxParamLength: 50 }),
  )
  assert.equal(warnings.length, 1)
  assert.match(
    warnings[0]!.message,
    /^The router options for ignoreTrailingSlash, maxParamLength property access is deprecated/,
  )
})

test('routerOptions warns in neither line, and the top-level form still works in both', async () => {
  for (const fastifyLine of [4, 5] as const) {
    const warnings = await warningsOf(() =>
      arbor({ fastifyLine, routerOptions: { ignoreTrailingSlash: true } }),
    )
    assert.deepEqual(warnings, [])
    const app = arbor({ fastifyLine, ignoreTrailingSlash: true })
    app.get('/a', () => 'a')
    assert.equal((await app.inject('/a/')).statusCode, 200)
  }
})
