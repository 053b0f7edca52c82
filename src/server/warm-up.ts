import { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { Duplex } from 'node:stream'
import type { FastifyLineNumber } from '../config/fastify-lines.ts'
import type { ArborOptions } from '../config/options.ts'
import { stateOf } from '../context/state.ts'
import { handlerChannels } from '../lifecycle/handler-tracing.ts'
import { noop } from '../lifecycle/stream-payload.ts'
import type { ArborInstance } from '../types/instance.ts'
import { dispatch } from './http-server.ts'

// The first request of a process is the first time its code runs: V8 compiles each function of
// arbor's request path, of node:http's request and response and of the JSON body's reading on
// its first call, and learns the shapes they see. On Node 26 that was 3 ms of a 1,000-route
// app's first request, more than the route's own schema compile (BENCHMARKS.md, *Cold start*).
// The first `listen()` of a process sends one JSON request through an application of its own
// first, where no client waits: the user's application, its hooks, logger and routes never see
// it. The request is node:http's own IncomingMessage and ServerResponse on a socket that goes
// nowhere, so that the code it runs is the code a client's request runs, and nothing more is
// loaded for it (light-my-request, which inject() uses, would cost more than it saves). It is
// handed to the private application's router directly, not emitted on a server: APM agents
// wrap node:http's servers' `emit` to see every request, and would report this one.

/** How the private application is made: set by the factory's module (an import would loop). */
let makeApp: ((options: ArborOptions) => ArborInstance) | undefined
let warmed = false

const body = '{"name":"x","count":1,"tags":["a"]}'
const headers = {
  host: 'localhost',
  'content-type': 'application/json',
  'content-length': String(body.length),
}

/** Gives this module the factory to make its private application with. */
export function warmUpWith(factory: (options: ArborOptions) => ArborInstance): void {
  makeApp = factory
}

/**
 * The first time it is called in the process, sends one JSON POST through a private
 * application of the given Fastify line, and returns a promise that settles once it is
 * answered (it never rejects); later calls return undefined. Skipped while a tracer listens on
 * the handler's diagnostics channel, which would see a request that no application of the
 * user's made.
 */
export function warmUpOnce(line: FastifyLineNumber): Promise<void> | undefined {
  if (warmed) return undefined
  warmed = true
  if (makeApp === undefined || handlerChannels.hasSubscribers) return undefined
  try {
    const app = makeApp({ fastifyLine: line })
    app.post('/:id', (request) => request.body)
    // settles, never rejects: the user's listen() goes on whatever happened here
    return app
      .ready()
      .then(() => exchange(app))
      .then(noop, noop)
  } catch {
    // nothing the warm-up does may keep the user's server from listening
    return undefined
  }
}

/** One request to the private app, answered to a socket that drops what it gets. */
function exchange(app: ArborInstance): Promise<void> {
  return new Promise<void>((resolve) => {
    const socket = new Duplex({
      read() {},
      write(_chunk, _encoding, callback) {
        callback()
      },
    }) as unknown as Socket
    const settle = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve()
    }
    // a response that never ends (it cannot, short of a bug) holds the listen() back no longer
    const timer = setTimeout(settle, 1000)
    try {
      const req = new IncomingMessage(socket)
      req.method = 'POST'
      req.url = '/1?q=1'
      req.httpVersionMajor = 1
      req.httpVersionMinor = 1
      req.httpVersion = '1.1'
      // node:http's parser fills both; `headers` would otherwise be read from none
      req.headers = { ...headers }
      req.rawHeaders = Object.entries(headers).flat()
      const res = new ServerResponse(req)
      res.assignSocket(socket)
      res.once('finish', settle)
      res.once('close', settle)
      dispatch(stateOf(app).root, req, res)
      req.complete = true
      req.push(body)
      req.push(null)
    } catch {
      settle()
    }
  })
}
