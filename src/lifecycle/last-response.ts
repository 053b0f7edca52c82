import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

// Which response of a connection is its last, for closing: only that one may announce
// `Connection: close` (server/connections.ts). node:http parses pipelined requests at once,
// so the last response may still be waiting behind others.

const kLastResponse = Symbol('arbor.lastResponse')

type NotedSocket = Socket & { [kLastResponse]?: ServerResponse }

/** Responses arbor chose to end their connection with, while closing. */
export const announcing = new WeakSet<ServerResponse>()

/** The connection's last response, if it has not started writing (or ends the connection). */
export function lastResponseOf(socket: Socket): ServerResponse | undefined {
  return (socket as NotedSocket)[kLastResponse]
}

/** Notes `res` as the last response of the connection `req` came on (one store per request). */
export function noteResponse(req: IncomingMessage, res: ServerResponse): void {
  // HTTP/2 streams share a session, and their `socket` is a guarded proxy: none of this applies
  const socket = req.socket as NotedSocket | undefined
  if (socket != null && req.httpVersionMajor !== 2) socket[kLastResponse] = res
}

/**
 * Called as a response's headers go out: from then on it can no longer announce anything, so
 * the connection stops holding it. Holding the last response (and through it its request,
 * reply and body) until the connection's next request kept one request graph per connection
 * alive across garbage collections; after clients dropped pipelined connections, V8 began
 * allocating node:http's per-request objects in the old generation, and a server stayed 25%
 * slower for the rest of its life (issue 12 notes). A response announcing the close is kept:
 * a request that comes after it on the same connection must see it.
 */
export function forgetStartedResponse(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as NotedSocket | undefined
  if (socket != null && socket[kLastResponse] === res && !announcing.has(res)) {
    socket[kLastResponse] = undefined
  }
}
