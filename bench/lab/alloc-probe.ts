// Loaded into a server process with `--import` by bench/lab/alloc.ts. It counts the requests the
// server receives and, on SIGUSR2, prints one line on stderr with that count and the bytes the
// process's heap has allocated since it started (V8's total_allocated_bytes, which Node 26
// reports; older lines leave it undefined and bench/lab/alloc.ts refuses to run on them).
import { subscribe } from 'node:diagnostics_channel'
import { getHeapStatistics } from 'node:v8'

let requests = 0
subscribe('http.server.request.start', () => {
  requests++
})

process.on('SIGUSR2', () => {
  const stats = getHeapStatistics() as { total_allocated_bytes?: number }
  process.stderr.write(
    `${JSON.stringify({ alloc: { requests, allocated: stats.total_allocated_bytes ?? null } })}\n`,
  )
})
