import rateLimit4 from '@fastify/rate-limit'
import rateLimit5 from '@fastify/rate-limit-v5'
import underPressure4 from '@fastify/under-pressure'
import underPressure5 from '@fastify/under-pressure-v5'
import type { Redis } from 'ioredis'
import type { ArborInstance } from '../../src/index.ts'

export interface LimitedApiOptions {
  /** The connection every process shares its counters through. */
  redis: Redis
  /** Requests one client may make per window, across every process. */
  max: number
  /** The window, in milliseconds. */
  timeWindow: number
  /** Shed load (503 + Retry-After) past this event-loop delay in ms; 0 turns it off. Default 1000. */
  maxEventLoopDelay?: number
}

// An application uses one major of each plugin, the one of its Fastify line. This repository
// holds both (the Fastify 5 majors under a `-v5` alias), so the example runs on either line.
const plugins = {
  4: { rateLimit: rateLimit4, underPressure: underPressure4 },
  5: { rateLimit: rateLimit5, underPressure: underPressure5 },
} as const

/**
 * The application every process of examples/cluster-redis runs, as a plugin:
 *
 * - `GET /ready`: readiness for a load balancer (@fastify/under-pressure's status route). While
 *   the event loop lags past `maxEventLoopDelay` or this process has lost Redis, it and every
 *   other route answer 503 with Retry-After, so the balancer sends the traffic elsewhere.
 * - `GET /api/hello`: rate-limited per client address by @fastify/rate-limit, whose counters live
 *   in Redis: the limit holds across every process and machine, not per process.
 *
 * Every reply carries `x-served-by: <pid>`, so a client can see which process answered. The
 * plugin majors follow the app's Fastify line (`app.version`, as fastify-plugin reads it).
 */
export async function limitedApi(
  app: ArborInstance,
  { redis, max, timeWindow, maxEventLoopDelay = 1000 }: LimitedApiOptions,
): Promise<void> {
  const { rateLimit, underPressure } = plugins[app.version.startsWith('5.') ? 5 : 4]
  const servedBy = String(process.pid)

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-served-by', servedBy)
  })

  await app.register(underPressure, {
    maxEventLoopDelay,
    exposeStatusRoute: '/ready',
    // Checked at start, every second and on each /ready: without Redis the limiter cannot count.
    healthCheck: async () => redis.status === 'ready',
    healthCheckInterval: 1000,
  })

  // The limiter is registered in a child context, so it counts /api routes only, not /ready.
  await app.register(
    async (api: ArborInstance) => {
      await api.register(rateLimit, {
        max,
        timeWindow,
        redis,
        // One key prefix per application, so two apps on one Redis do not share counters.
        nameSpace: 'cluster-redis-example:',
      })
      api.get('/hello', async () => ({ hello: 'world', pid: process.pid }))
    },
    { prefix: '/api' },
  )
}
