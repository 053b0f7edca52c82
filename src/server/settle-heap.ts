import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// Building an application allocates far more than it keeps (route tables, schemas checked and
// dropped, the modules' own start-up), and V8 collects its old generation for the first time
// once that has piled up. In a fresh process with a few hundred routes that point falls right
// at the end of start-up: the incremental marking started during ready() is finished by a task
// as soon as the event loop is idle, which is when the first connection arrives, and the first
// request waits for a scavenge and a mark-compact (about 40 ms of a 1,000-route app's first
// request on one core, measured with --trace-gc; BENCHMARKS.md "Cold start"). Collecting once
// before the server binds does the same work where nobody is waiting for an answer.

/**
 * The old generation's size from which a collection is taken to be due. V8's first one came
 * at 10–13 MB in use on Node 20 and 26 (`--trace-gc`, 1,000-route apps, arbor's and
 * Fastify's alike); a one-route app holds 6–8 MB, and V8 would not collect it for a long
 * while: collecting there would only lengthen its start (10–17 ms on a loaded core).
 */
const DUE_BYTES = 10 * 1024 * 1024

let collected = false

/**
 * Runs one full garbage collection, the first time it is called in this process, when the old
 * generation has grown to where V8 would soon collect it; later calls (a second application in
 * the same process, a server listening again) do nothing.
 */
export function collectOnce(): void {
  if (collected) return
  collected = true
  if (oldGenerationBytes() < DUE_BYTES) return
  const gc = collector()
  if (gc !== undefined) gc()
}

/** Bytes in use in the heap's long-lived spaces: all but the young generation's and V8's own. */
function oldGenerationBytes(): number {
  let bytes = 0
  for (const space of getHeapSpaceStatistics()) {
    const name = space.space_name
    if (!name.startsWith('new_') && name !== 'read_only_space') bytes += space.space_used_size
  }
  return bytes
}

/** The process's `gc()`: the one --expose-gc gave, or one taken from a context made for it. */
function collector(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: unknown }).gc
  if (typeof exposed === 'function') return exposed as () => void
  try {
    // The flag only decides whether a context made from now on gets `gc`: it is turned on for
    // one new context and off again, so the application's own contexts stay as they were.
    setFlagsFromString('--expose-gc')
    try {
      const gc = runInNewContext('typeof gc === "function" ? gc : undefined') as unknown
      return typeof gc === 'function' ? (gc as () => void) : undefined
    } finally {
      setFlagsFromString('--no-expose-gc')
    }
  } catch {
    // a runtime that refuses V8 flags: the collection is left to V8, as it would be anyway
    return undefined
  }
}
