// One startup run, in a fresh process: 1,000 routes over 50 plugins on arbor, Fastify 4 or
// Fastify 5 (argv[2]), either plain GET routes or (argv[3] = 'schema') POST routes each with
// its own body and response schema. Listens, prints its port and the first request to send
// as one JSON line, and once the runner's request is answered measures what the first request
// to other routes costs over a warm one (inject); writes its figures to the file argv[4].

import type { EventEmitter } from 'node:events'
import { writeFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { FastifyStyleApp } from '../lib/scenario.ts'
import { loadFactory } from '../servers/serve.ts'

const PLUGINS = 50
const ROUTES_PER_PLUGIN = 20
/** Routes whose first request is timed, spread over the plugins. */
const PROBES = 20
/** The route the runner's first request goes to: halfway down the table, a parametric one. */
const COLD_ROUTE = 511

const framework = process.argv[2] ?? ''
const variant = process.argv[3] === 'schema' ? 'schema' : 'plain'
const resultFile = process.argv[4]
if (!resultFile) throw new Error('usage: app.js <framework> <plain|schema> <result file>')

/** Half static, half parametric, as an API usually is. */
const routePath = (j: number) => (j % 2 === 0 ? `/r${j}` : `/r${j}/:id`)
const requestPath = (i: number, j: number) => `/p${i}${j % 2 === 0 ? `/r${j}` : `/r${j}/7`}`

/**
 * Route k's schemas: property names carry k, so no two routes share a schema and nothing
 * can be compiled once for all of them.
 */
function schemas(k: number) {
  const name = `name${k}`
  const count = `count${k}`
  return {
    body: {
      type: 'object',
      required: [name],
      properties: {
        [name]: { type: 'string', minLength: 1, maxLength: 50 + (k % 50) },
        [count]: { type: 'integer', minimum: 0 },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
        active: { type: 'boolean' },
      },
    },
    response: {
      200: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          [name]: { type: 'string' },
          [count]: { type: 'integer' },
          tags: { type: 'array', items: { type: 'string' } },
          active: { type: 'boolean' },
        },
      },
    },
  }
}

function addRoutes(instance: FastifyStyleApp, i: number): void {
  for (let j = 0; j < ROUTES_PER_PLUGIN; j++) {
    const k = i * ROUTES_PER_PLUGIN + j
    if (variant === 'plain') {
      instance.get(routePath(j), () => ({ plugin: i, route: j }))
    } else {
      instance.route({
        method: 'POST',
        url: routePath(j),
        schema: schemas(k),
        handler: (request) => ({ id: k, ...(request.body as object), internal: 'dropped' }),
      })
    }
  }
}

/** The request to route k and the answer it must get. */
function probe(k: number) {
  const i = Math.floor(k / ROUTES_PER_PLUGIN)
  const j = k % ROUTES_PER_PLUGIN
  const url = requestPath(i, j)
  if (variant === 'plain') {
    return { request: { method: 'GET', url }, answer: JSON.stringify({ plugin: i, route: j }) }
  }
  return {
    request: {
      method: 'POST',
      url,
      payload: `{"name${k}":"x","count${k}":2,"tags":["a"],"active":true,"extra":1}`,
      headers: { 'content-type': 'application/json' },
    },
    answer: `{"id":${k},"name${k}":"x","count${k}":2,"tags":["a"],"active":true}`,
  }
}

/**
 * arbor's factory options for the run, from ARBOR_OPTIONS (JSON), so that a default can be
 * measured off against on: `ARBOR_OPTIONS='{"warmBeforeListen":false}'`. The peers get none.
 */
const arborOptions =
  framework === 'arbor' && process.env.ARBOR_OPTIONS
    ? (JSON.parse(process.env.ARBOR_OPTIONS) as Record<string, unknown>)
    : undefined

const importStart = performance.now()
const factory = await loadFactory(framework)
const readyStart = performance.now()
const app = factory(arborOptions)
for (let i = 0; i < PLUGINS; i++) {
  app.register(async (instance) => addRoutes(instance, i), { prefix: `/p${i}` })
}
await app.ready()
const readyEnd = performance.now()
const rssBytes = process.memoryUsage().rss

// The cold start, measured by the runner from outside: it spawned this process, and sends
// COLD_ROUTE's request as soon as the line below says the server listens. Here the request's
// arrival and the end of its response are noted, in this process's clock.
let connectedAt = 0
let arrivedAt = 0
let answeredAt = 0
const answered = new Promise<void>((resolve) => {
  const server = app.server as unknown as EventEmitter
  // ahead of the framework's own listener, which runs part of the request before returning
  server.prependOnceListener('connection', () => {
    connectedAt = performance.now()
  })
  server.prependOnceListener('request', (_req: unknown, res: EventEmitter) => {
    arrivedAt = performance.now()
    res.once('finish', () => {
      answeredAt = performance.now()
      resolve()
    })
  })
})
await app.listen({ port: 0, host: '127.0.0.1' })
const listenEnd = performance.now()
const address = app.server.address()
const port = typeof address === 'object' && address !== null ? address.port : 0
const cold = probe(COLD_ROUTE)
process.stdout.write(
  `${JSON.stringify({ port, pid: process.pid, request: cold.request, answer: cold.answer })}\n`,
)
await answered

async function timed(k: number): Promise<number> {
  const { request, answer } = probe(k)
  const start = performance.now()
  const response = await app.inject(request)
  const ms = performance.now() - start
  if (response.statusCode !== 200 || response.body !== answer) {
    throw new Error(`${request.method} ${request.url}: ${response.statusCode} ${response.body}`)
  }
  return ms
}

// The request path itself is warmed on route 0 first, so a probe's first request measures
// what is left: the route's own first-use cost (e.g. compiling on first request).
for (let n = 0; n < 50; n++) await timed(0)
const probes = Array.from(
  { length: PROBES },
  (_, m) => 1 + Math.floor((m * (PLUGINS * ROUTES_PER_PLUGIN - 1)) / PROBES),
)
const first: number[] = []
for (const k of probes) first.push(await timed(k))
const warm: number[] = []
for (const k of probes) {
  const times = [await timed(k), await timed(k), await timed(k)]
  warm.push(median(times))
}
const over = first.map((ms, n) => ms - warm[n]!)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const result = {
  framework,
  variant,
  routes: PLUGINS * ROUTES_PER_PLUGIN,
  importMs: readyStart - importStart,
  readyMs: readyEnd - readyStart,
  // From the process's time origin: node's own boot, the import and ready() together.
  processMs: readyEnd,
  /** From the process's time origin to listening. */
  listenMs: listenEnd,
  /** The first request, inside the server: its arrival to the end of its response. */
  firstServedMs: answeredAt - arrivedAt,
  /** From the process's time origin to the end of the first response. */
  answeredMs: answeredAt,
  /** The first connection's arrival to its request's (headers parsed), inside the server. */
  connectionToRequestMs: arrivedAt - connectedAt,
  rssBytes,
  /** Median over the probed routes of the first request's time (inject), ms. */
  firstRequestMs: median(first),
  /** Median over the probed routes of a warm request's time, ms. */
  warmRequestMs: median(warm),
  /** Per route, first minus warm: the median and the worst over the probed routes. */
  firstOverWarmMs: median(over),
  firstOverWarmMaxMs: Math.max(...over),
}
writeFileSync(resultFile, JSON.stringify(result))
process.exit(0)
