// A server must not lose the shape of node's tick objects (issue 12). process.nextTick builds
// each tick as an object literal whose shapes V8 holds weakly; a full collection while no tick
// is queued dropped them, nextTick's property stores went megamorphic for good, and a server
// served 30% fewer requests for its whole life. arbor keeps one tick object alive from the
// moment it is loaded. Observed through V8's own report of nextTick's inline caches, in a
// child process: idle full collections, then the state of the stores that build a tick.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'

const entry = new URL('../../src/index.ts', import.meta.url).href

// Ticks until nextTick has feedback, then full collections while no tick is queued, then
// V8's report of nextTick (its inline caches among it).
const script = `
if (process.env.LOAD_ARBOR === '1') await import(${JSON.stringify(entry)})
const tick = () => new Promise((resolve) => process.nextTick(resolve))
const later = () => new Promise((resolve) => setTimeout(resolve, 1))
for (let i = 0; i < 1000; i++) process.nextTick(() => {})
await later()
for (let i = 0; i < 8; i++) {
  await tick()
  await later()
  globalThis.gc()
  globalThis.gc()
}
for (let i = 0; i < 100; i++) process.nextTick(() => {})
await later()
new Function('f', '%DebugPrint(f)')(process.nextTick)
`

/** The states of the stores nextTick's object literal makes, as V8 reports them. */
async function tickStoreStates(loadArbor: boolean): Promise<string[]> {
  // V8 prints straight to the file descriptor: a file, since a pipe (non-blocking under
  // node) can cut the report short.
  const dir = mkdtempSync(join(tmpdir(), 'arbor-tick-'))
  try {
    const file = join(dir, 'report')
    const fd = openSync(file, 'w')
    const args = ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx']
    const child = spawn(process.execPath, [...args, '--input-type=module', '--eval', script], {
      env: { ...process.env, LOAD_ARBOR: loadArbor ? '1' : '0' },
      stdio: ['ignore', fd, 'inherit'],
    })
    closeSync(fd)
    const [code] = await once(child, 'exit')
    assert.equal(code, 0)
    const report = readFileSync(file, 'utf8')
    return [...report.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('idle full collections do not make the stores of process.nextTick megamorphic once arbor is loaded', {
  timeout: 30_000,
}, async (t) => {
  const without = await tickStoreStates(false)
  if (!without.includes('MEGAMORPHIC')) {
    // The fault needs this V8's weak shapes and its report format; without either, there is
    // nothing to show here.
    t.skip(`this Node does not lose tick-object shapes (${without.join(', ') || 'no report'})`)
    return
  }
  const withArbor = await tickStoreStates(true)
  assert.ok(withArbor.length >= 4, `V8 reported ${withArbor.length} stores`)
  assert.deepEqual(
    withArbor.filter((state) => state !== 'MONOMORPHIC'),
    [],
    `states with arbor loaded: ${withArbor.join(', ')}`,
  )
})
