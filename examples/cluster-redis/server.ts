// Two arbor processes behind one port (node:cluster), sharing their rate-limit counters through
// Redis. The primary forks the workers and restarts one that dies; each worker runs the app of
// app.ts and drains on SIGTERM (closeOnSignals). SIGTERM or SIGINT to the primary drains every
// worker, then the primary exits.
//
// Run it (a redis-server on 127.0.0.1:6379): npx tsx examples/cluster-redis/server.ts
// Configuration: WORKERS (default 2), PORT (default 3000; 0 picks a free port, one for all
// workers), HOST (default 127.0.0.1), REDIS_URL (default redis://127.0.0.1:6379),
// RATE_LIMIT_MAX (default 100 requests a minute per client), MAX_EVENT_LOOP_DELAY_MS (default
// 1000; 0 turns load shedding off), FASTIFY_LINE (4 or 5, default 4), LOG_LEVEL (default info).
import cluster, { type Worker } from 'node:cluster'
import { Redis } from 'ioredis'
import { closeOnSignals } from '../../src/index.ts'
import { buildApp } from './app.ts'

const workers = Number(process.env.WORKERS || 2)
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || '127.0.0.1'

if (cluster.isPrimary) {
  let stopping = false
  let listening = 0

  const fork = (): Worker => cluster.fork()
  for (let i = 0; i < workers; i++) fork()

  cluster.on('listening', (_worker, address) => {
    // Printed once, when every worker accepts: workers share the one port (with PORT=0, the
    // primary picks it for all of them).
    if (++listening === workers) {
      console.log(`cluster-redis: ${workers} workers listening on http://${host}:${address.port}`)
    }
  })

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    // A worker that dies is replaced, after a pause so a crash loop does not spin.
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}): starting another`)
    setTimeout(fork, 1000).unref()
  })

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true
      const alive = Object.values(cluster.workers ?? {})
      if (alive.length === 0) process.exit(0)
      // Each worker answers what it has taken in, closes Redis and exits (closeOnSignals).
      for (const worker of alive) worker?.process.kill('SIGTERM')
    })
  }
} else {
  // A command fails after one retry rather than waiting for Redis indefinitely (the limiter then
  // answers 500, or lets the request through with `skipOnError: true`). ioredis reconnects
  // on its own; the connection is made before the worker listens.
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  })
  redis.on('error', (err: Error) => console.error(`redis: ${err.message}`))
  await redis.connect()
  const app = buildApp({
    redis,
    max: Number(process.env.RATE_LIMIT_MAX || 100),
    timeWindow: 60_000,
    maxEventLoopDelay: Number(process.env.MAX_EVENT_LOOP_DELAY_MS ?? 1000),
    fastifyLine: process.env.FASTIFY_LINE === '5' ? 5 : 4,
    serverOptions: { logger: { level: process.env.LOG_LEVEL || 'info' } },
  })
  app.addHook('onClose', async () => {
    await redis.quit()
  })
  closeOnSignals(app)
  try {
    await app.listen({ port, host })
  } catch (err) {
    console.error(err)
    process.exit(1)
  }
}
