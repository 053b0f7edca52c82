// Two arbor processes behind one port, sharing their rate-limit counters through Redis. This
// file is an app for the `arbor` command (docs/cli.md), which forks the workers, replaces one
// that dies, and on SIGTERM or SIGINT drains every worker before it exits:
//
//   redis-server --port 6379 --save '' --appendonly no &
//   npm run build && node --import tsx dist/cli/index.js start examples/cluster-redis/server.ts --workers 2
//
// (`npx arbor start ... --workers 2` in an app that installed arbor; `--import tsx` is there because
// this file is TypeScript, which Node 22.18+ runs without it.) Flags: --port/PORT (default 3000;
// 0 picks a free port, one for all workers), --host/HOST, --log-level/LOG_LEVEL,
// --fastify-line 4|5. Environment: REDIS_URL (default redis://127.0.0.1:6379), RATE_LIMIT_MAX
// (default 100 requests a minute per client), MAX_EVENT_LOOP_DELAY_MS (default 1000; 0 turns
// load shedding off).
import { Redis } from 'ioredis'
import type { ArborInstance } from '../../src/index.ts'
import { limitedApi } from './app.ts'

export default async function clusterRedis(app: ArborInstance): Promise<void> {
  // A command fails after one retry rather than waiting for Redis indefinitely (the limiter then
  // answers 500, or lets the request through with `skipOnError: true`). ioredis reconnects on
  // its own; the connection is made before the worker listens, and closed when it drains.
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  })
  redis.on('error', (err: Error) => app.log.error(`redis: ${err.message}`))
  await redis.connect()
  app.addHook('onClose', async () => {
    await redis.quit()
  })
  await limitedApi(app, {
    redis,
    max: Number(process.env.RATE_LIMIT_MAX || 100),
    timeWindow: 60_000,
    maxEventLoopDelay: Number(process.env.MAX_EVENT_LOOP_DELAY_MS ?? 1000),
  })
}
