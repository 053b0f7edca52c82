import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

// One response per request (issue 27). node:http parses every byte a connection brings, also
// after a response that ends the connection: the rest of a request whose framing arbor refused
// (`Transfer-Encoding: identity` leaves node:http reading the body as the next request), or a
// request pipelined behind a refused one. Such bytes belong to no request arbor will answer:
// they are not routed, and a parse error in them is not answered either.

const kEnded = Symbol('arbor.connectionEnded')

// `_httpMessage` is the response node:http is writing on the socket; its `_last` is node:http's
// own record that the connection closes after it (a `Connection: close` head, an HTTP/1.0
// client, a body without a length). Both have been there since Node 0.x.
type EndableSocket = Socket & {
  [kEnded]?: true
  _httpMessage?: (ServerResponse & { _last?: boolean }) | null
}

/**
 * Marks the connection of `req` as ending with the answer being prepared for it, before that
 * answer's head is written (the head is written after the hooks run; the bytes behind the
 * request are parsed meanwhile). From now on no request of this connection is processed.
 */
export function endConnectionAfter(req: IncomingMessage): void {
  const socket = req.socket as EndableSocket | null
  // HTTP/2 streams share a session: refusing one stream does not end the others
  if (socket != null && req.httpVersionMajor !== 2) socket[kEnded] = true
}

/**
 * Whether `socket` has stopped taking requests: arbor marked it, the response being written
 * ends it, or it is closing (its answers have gone and node:http is ending it).
 */
export function connectionEnded(socket: Socket): boolean {
  const endable = socket as EndableSocket
  if (endable[kEnded] === true) return true
  const current = endable._httpMessage
  return (current != null && current._last === true) || endable.writableEnded === true
}

/**
 * Whether `req` arrived on a connection that had stopped taking requests (HTTP/1 only; an
 * HTTP/2 request's socket is its session's, shared by every stream).
 */
export function arrivedAfterEnd(req: IncomingMessage): boolean {
  const socket = req.socket as EndableSocket | null
  return socket != null && req.httpVersionMajor !== 2 && connectionEnded(socket)
}

/**
 * Leaves a request that arrived after its connection's end unanswered: should node:http ever
 * start its response (the connection did not close after all), the connection is closed
 * instead, so the client sees a close, never an answer to bytes it sent after one.
 */
export function dropRequest(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as EndableSocket
  socket[kEnded] = true
  res.destroy()
}
