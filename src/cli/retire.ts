import type { IncomingMessage, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import type { ArborInstance } from '../index.ts'

/** How long a retiring worker waits for its kept-alive clients to come back and be told. */
export const RETIRE_WINDOW_MS = 2000
const POLL_MS = 50

function closeAfterResponse(_req: IncomingMessage, res: ServerResponse): void {
  res.shouldKeepAlive = false
}

/**
 * Takes a worker out of service without failing a request, for the rolling restart. A plain
 * close (SIGTERM) closes idle kept-alive connections at once, and a client that sends on one
 * at that moment gets a reset; under load, some always do. Instead:
 * 1. the listener closes (net.Server's close: node:http's own also closes idle connections),
 *    so the cluster primary hands new connections to the other workers;
 * 2. every response from now on says `Connection: close`, so each client, on its next request,
 *    is answered here and then opens a new connection, which a live worker takes;
 * 3. once no connection is left, or after RETIRE_WINDOW_MS, the usual graceful close runs
 *    (closeOnSignals' SIGTERM: onClose hooks, the grace period, exit 0).
 * A client that stays quiet through the whole window is closed as by keepAliveTimeout.
 */
export function retire(app: ArborInstance): void {
  const server = app.server
  server.prependListener('request', closeAfterResponse)
  NetServer.prototype.close.call(server)
  const until = Date.now() + RETIRE_WINDOW_MS
  const poll = setInterval(() => {
    server.getConnections((err, count) => {
      if (err == null && count > 0 && Date.now() < until) return
      clearInterval(poll)
      process.kill(process.pid, 'SIGTERM')
    })
  }, POLL_MS)
}
