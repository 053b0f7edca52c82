// gcBeforeListen (default true): the first listen() of a process runs one full garbage
// collection after ready() and before the server binds, when the old generation has grown to
// where V8 would soon collect it (10 MB), so that collection does not fall on the first
// request. Seen here through perf_hooks' `gc` entries, where a collection asked for by gc() is
// a major one flagged as forced. Once per process: the tests run in order, in this file's own
// process. A long-lived array (16 MB, V8's large-object space, part of the old generation)
// stands for what a large application keeps, so the collection is due whatever the test
// runner's own heap.
import assert from 'node:assert/strict'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks'
import { test } from 'node:test'
import { getHeapSpaceStatistics } from 'node:v8'
import arbor, { type ArborInstance } from '../../src/index.ts'

/** Counts the forced major collections while `run` runs (and the entries it left queued). */
async function forcedCollections(run: () => Promise<void>): Promise<number> {
  const entries: PerformanceEntry[] = []
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()))
  observer.observe({ entryTypes: ['gc'] })
  try {
    await run()
    // gc entries are queued to the observer from the collection: let them arrive
    await new Promise((resolve) => setImmediate(resolve))
    entries.push(...observer.takeRecords())
  } finally {
    observer.disconnect()
  }
  return entries.filter((entry) => {
    // a gc entry's detail (@types/node's PerformanceEntry leaves it out on older lines)
    const detail = (entry as PerformanceEntry & { detail: { kind: number; flags: number } }).detail
    return (
      detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR &&
      (detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0
    )
  }).length
}

/** Held while the apps listen: the old generation is past 10 MB with it. */
const held: number[][] = [new Array<number>(2_000_000).fill(1)]

/**
 * V8 allocates `held` in the young generation's large-object space and moves it to the old
 * generation at the first scavenge it survives; on a busy machine none may have run before the
 * test. Short-lived garbage brings one on.
 */
function promoteHeld(): void {
  const young = () =>
    getHeapSpaceStatistics().find((space) => space.space_name === 'new_large_object_space')
      ?.space_used_size ?? 0
  for (let round = 0; round < 1_000 && young() > 0; round++) {
    let garbage: object[] = []
    for (let i = 0; i < 10_000; i++) garbage.push({ i })
    garbage = []
  }
}

function withRoute(options: Parameters<typeof arbor>[0] = {}): ArborInstance {
  const app = arbor(options)
  app.get('/', () => ({ ok: true }))
  return app
}

function get(app: ArborInstance): Promise<string> {
  const { port } = app.server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/' }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve(body))
    })
      .on('error', reject)
      .end()
  })
}

test('ready() and inject() alone do not collect', async () => {
  const app = withRoute()
  const count = await forcedCollections(async () => {
    await app.ready()
    assert.equal((await app.inject('/')).body, '{"ok":true}')
  })
  await app.close()
  assert.equal(count, 0)
})

test('gcBeforeListen: false leaves the collection to V8', async () => {
  const app = withRoute({ gcBeforeListen: false })
  const count = await forcedCollections(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
  })
  assert.equal(await get(app), '{"ok":true}')
  await app.close()
  assert.equal(count, 0)
})

test('the first listen() of the process collects once, when the heap has grown', async (t) => {
  promoteHeld()
  const app = withRoute()
  t.after(() => app.close())
  const count = await forcedCollections(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
  })
  assert.equal(count, 1)
  assert.equal(await get(app), '{"ok":true}')
})

test('a later listen() in the same process, of another app, does not collect again', async () => {
  const app = withRoute()
  const count = await forcedCollections(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
  })
  assert.equal(await get(app), '{"ok":true}')
  await app.close()
  assert.equal(count, 0)
  held.length = 0
})

test('the option takes a boolean (FST_ERR_INIT_OPTS_INVALID)', () => {
  assert.throws(
    () => arbor({ gcBeforeListen: 'yes' as never }),
    (err: Error & { code?: string }) =>
      err.code === 'FST_ERR_INIT_OPTS_INVALID' && /gcBeforeListen/.test(err.message),
  )
})
