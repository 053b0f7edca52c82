// The six scale curves: for each, the sizes it is measured at, the app a size builds (the same
// code on arbor, Fastify 4 and Fastify 5) and the requests that load it. The server process
// (server.ts) and the runner (run.ts) both read this file, so the answer each request must get
// is decided in one place.
import type { FastifyStyleApp, FastifyStyleRequest, ScenarioRequest } from '../lib/scenario.ts'

export interface CurveLoad {
  connections: number
  pipelining: number
}

export interface Curve {
  name: string
  /** What grows, for a chart's x axis. */
  axis: string
  title: string
  description: string
  sizes: number[]
  quickSizes: number[]
  load: CurveLoad
  /**
   * Seconds a measured round lasts at least: a large body or response is served a few times a
   * second, and a window must hold many requests for the ones still in flight at its end not
   * to count (and CPU time is read in 10 ms ticks).
   */
  minSeconds?: number
  /** Factory options the app needs at this size (e.g. a body limit above 1 MB). */
  options?: (size: number) => Record<string, unknown>
  build(app: FastifyStyleApp, size: number): void | Promise<void>
  requests(size: number): ScenarioRequest[]
  /**
   * Load from one keep-alive process per server (hold.ts) instead of autocannon here: the
   * connections are opened before the measured windows, and N times the servers would not fit
   * in one process's file descriptors.
   */
  loaderProcesses?: boolean
}

/** The route options the curves use beyond FastifyStyleApp's (route-level hooks). */
type Hook = (request: FastifyStyleRequest, reply: unknown, done: () => void) => void
interface RouteWithHooks {
  method: 'GET' | 'POST'
  url: string
  schema?: Record<string, unknown>
  onRequest?: Hook[]
  preHandler?: Hook[]
  handler: (request: FastifyStyleRequest) => unknown
}
const route = (app: FastifyStyleApp, options: RouteWithHooks) =>
  (app.route as (o: RouteWithHooks) => unknown)(options)

/** A small deterministic generator, so every process picks the same "random" routes. */
function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const json = (value: unknown) => JSON.stringify(value)

// routes: N routes in 10 prefixed plugins, half static and half parametric; the load asks
// 200 routes picked at random, so the router's lookup over the whole table is what grows.
const GROUPS = 10
const routePath = (k: number) => (k % 2 === 0 ? `/r${k}` : `/r${k}/:id`)
const routeUrl = (k: number) => `/g${k % GROUPS}${k % 2 === 0 ? `/r${k}` : `/r${k}/7`}`

const routes: Curve = {
  name: 'routes',
  axis: 'routes',
  title: 'Routes in the app',
  description:
    'N GET routes in 10 prefixed plugins, half static and half parametric; 200 of them picked at random are requested in turn. Start-up (factory to ready()) and RSS after ready() come from the same processes.',
  sizes: [100, 1000, 3000, 10_000],
  quickSizes: [100, 10_000],
  load: { connections: 100, pipelining: 10 },
  build(app, size) {
    for (let g = 0; g < GROUPS; g++) {
      app.register(
        async (instance) => {
          for (let k = g; k < size; k += GROUPS) {
            instance.get(routePath(k), () => ({ route: k }))
          }
        },
        { prefix: `/g${g}` },
      )
    }
  },
  requests(size) {
    const next = pseudoRandom(size)
    return Array.from({ length: 200 }, () => {
      const k = Math.floor(next() * size)
      return { method: 'GET', path: routeUrl(k), status: 200, body: json({ route: k }) }
    })
  },
}

// depth: N plugins one inside the other, each with a request decorator and an onRequest hook
// that sets it; the one route sits at the bottom and answers what the first and last hook set.
const depth: Curve = {
  name: 'depth',
  axis: 'nested plugins',
  title: 'Context depth',
  description:
    'N plugins nested one inside the other (prefix /lI each), each with a request decorator and an onRequest hook that sets it; one GET route at the bottom.',
  sizes: [1, 5, 10, 25, 50],
  quickSizes: [1, 50],
  load: { connections: 100, pipelining: 10 },
  build(app, size) {
    const level = (i: number) => async (instance: FastifyStyleApp) => {
      const name = `l${i}`
      instance.decorateRequest(name, 0)
      instance.addHook('onRequest', (request: FastifyStyleRequest, _reply, done: () => void) => {
        request[name] = i
        done()
      })
      if (i < size) instance.register(level(i + 1), { prefix: `/l${i + 1}` })
      else instance.get('/x', (request) => ({ first: request.l1, last: request[name] }))
    }
    app.register(level(1), { prefix: '/l1' })
  },
  requests(size) {
    const path = `${Array.from({ length: size }, (_, i) => `/l${i + 1}`).join('')}/x`
    return [{ method: 'GET', path, status: 200, body: json({ first: 1, last: size }) }]
  },
}

// body: a POST whose JSON body (an array of items) is validated by its schema; the answer is
// small, so what grows is reading, parsing and validating the body.
const item = (i: number) => ({ id: i, name: `item number ${i}`, price: i * 0.5, tags: ['a', 'b'] })
const itemSchema = {
  type: 'object',
  required: ['id', 'name', 'price'],
  properties: {
    id: { type: 'integer', minimum: 0 },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    price: { type: 'number', minimum: 0 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
  },
}
/** The items whose JSON is about `kb` KB. */
function itemsOf(kb: number) {
  const items: ReturnType<typeof item>[] = []
  let bytes = 12
  while (bytes < kb * 1024) {
    const next = item(items.length)
    bytes += json(next).length + 1
    items.push(next)
  }
  return items
}

const body: Curve = {
  name: 'body',
  axis: 'request body (KB)',
  title: 'Request body size',
  description:
    'POST /items with a JSON body of N KB (an array of objects), validated by a body schema (required fields, types, bounds); the answer is the item count.',
  sizes: [1, 10, 100, 1024],
  quickSizes: [1, 1024],
  load: { connections: 8, pipelining: 1 },
  minSeconds: 3,
  options: () => ({ bodyLimit: 4 * 1024 * 1024 }),
  build(app) {
    route(app, {
      method: 'POST',
      url: '/items',
      schema: {
        body: {
          type: 'object',
          required: ['items'],
          properties: { items: { type: 'array', items: itemSchema } },
        },
        response: { 200: { type: 'object', properties: { count: { type: 'integer' } } } },
      },
      handler: (request) => ({ count: (request.body as { items: unknown[] }).items.length }),
    })
  },
  requests(size) {
    const items = itemsOf(size)
    return [
      {
        method: 'POST',
        path: '/items',
        payload: json({ items }),
        status: 200,
        body: json({ count: items.length }),
      },
    ]
  },
}

// response: a GET whose answer, an array of N objects built once, is written by the response
// schema's serializer (which drops the undeclared field).
const response: Curve = {
  name: 'response',
  axis: 'array items',
  title: 'Response size',
  description:
    'GET /list answering an array of N objects (built once) written by the response schema, which drops one undeclared field per item.',
  sizes: [10, 100, 1000, 10_000],
  quickSizes: [10, 10_000],
  load: { connections: 8, pipelining: 1 },
  minSeconds: 3,
  build(app, size) {
    const list = Array.from({ length: size }, (_, i) => ({ ...item(i), internal: true }))
    route(app, {
      method: 'GET',
      url: '/list',
      schema: {
        response: { 200: { type: 'array', items: itemSchema } },
      },
      handler: () => list,
    })
  },
  requests(size) {
    const list = Array.from({ length: size }, (_, i) => item(i))
    return [{ method: 'GET', path: '/list', status: 200, body: json(list) }]
  },
}

// hooks: one route with N route-level hooks, alternately onRequest and preHandler, each a
// callback hook that counts itself on a request decorator.
const hooks: Curve = {
  name: 'hooks',
  axis: 'hooks on the route',
  title: 'Hooks per route',
  description:
    'GET /h with N route-level hooks (onRequest and preHandler alternately, callback style), each adding one to a request decorator the handler answers.',
  sizes: [0, 1, 5, 10, 20],
  quickSizes: [0, 20],
  load: { connections: 100, pipelining: 10 },
  build(app, size) {
    app.decorateRequest('hits', 0)
    const hook: Hook = (request, _reply, done) => {
      ;(request.hits as number)++
      done()
    }
    const onRequest = Array.from({ length: Math.ceil(size / 2) }, () => hook)
    const preHandler = Array.from({ length: Math.floor(size / 2) }, () => hook)
    route(app, {
      method: 'GET',
      url: '/h',
      ...(onRequest.length ? { onRequest } : {}),
      ...(preHandler.length ? { preHandler } : {}),
      handler: (request) => ({ hits: request.hits }),
    })
  },
  requests(size) {
    return [{ method: 'GET', path: '/h', status: 200, body: json({ hits: size }) }]
  },
}

// connections: N keep-alive connections held open by the load generator, one request in flight
// on each; the RSS is the server's peak during the load.
const connections: Curve = {
  name: 'connections',
  axis: 'keep-alive connections',
  title: 'Keep-alive connections',
  description:
    'GET /hello over N keep-alive connections, opened before the measured windows and held across them (one request in flight on each; one load process per server, bench/curves/hold.ts); RSS is the peak during the load.',
  sizes: [100, 1000, 3000, 10_000],
  quickSizes: [100, 10_000],
  load: { connections: 0, pipelining: 1 },
  loaderProcesses: true,
  build(app) {
    app.get('/hello', () => ({ hello: 'world' }))
  },
  requests() {
    return [{ method: 'GET', path: '/hello', status: 200, body: json({ hello: 'world' }) }]
  },
}

export const CURVES: Curve[] = [routes, depth, body, response, hooks, connections]

export function curveNamed(name: string): Curve {
  const curve = CURVES.find((c) => c.name === name)
  if (!curve)
    throw new Error(`unknown curve ${name} (have ${CURVES.map((c) => c.name).join(', ')})`)
  return curve
}

/** The load at a size: the connections curve's size is its connection count. */
export function loadAt(curve: Curve, size: number): CurveLoad {
  return curve.name === 'connections' ? { ...curve.load, connections: size } : curve.load
}
