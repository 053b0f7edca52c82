import type { Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

// node:http's own name for the response a socket is writing (closeIdleConnections reads it too).
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null }

const tracked = new WeakMap<Server, Set<Socket>>()
const none: ReadonlySet<Socket> = new Set()

/**
 * Keeps the set of the server's open connections, for closing (`closeWhenAnswered`) and for
 * reporting what a shutdown cut (server/shutdown.ts). The cost is per connection, not per
 * request.
 */
export function trackConnections(server: Server): void {
  const sockets = new Set<Socket>()
  tracked.set(server, sockets)
  const forget = function (this: Socket) {
    sockets.delete(this)
  }
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', forget)
  })
}

/** The server's open connections (empty for a server arbor did not create). */
export function connectionsOf(server: Server): ReadonlySet<Socket> {
  return tracked.get(server) ?? none
}

/** The response a connection still owes, if any. */
export function responseOwed(socket: Socket): ServerResponse | null {
  const res = (socket as HttpSocket)._httpMessage
  return res != null && !res.writableFinished ? res : null
}

/**
 * `forceCloseConnections: 'idle'`: closes the idle keep-alive connections now, and every other
 * one as soon as it has sent what it owes. node:http's closeIdleConnections alone only acts
 * once, so a client whose request was in flight at close() kept its socket, and close() waited
 * for that client or for keepAliveTimeout.
 */
export function closeWhenAnswered(server: Server): void {
  server.closeIdleConnections()
  for (const socket of connectionsOf(server)) {
    const owed = responseOwed(socket)
    if (owed !== null) closeAfter(socket, owed)
  }
}

function closeAfter(socket: Socket, owed: ServerResponse): void {
  // node:http's own 'finish' listener runs first: it detaches the response and attaches the
  // next pipelined one, if any, which is then waited for in turn.
  owed.once('finish', () => {
    const next = responseOwed(socket)
    if (next !== null) closeAfter(socket, next)
    else endSoon(socket)
  })
}

/**
 * Ends the connection once the bytes written so far have gone to the kernel. Nothing more is
 * read: a request that arrived now would be taken in and could no longer be answered.
 */
function endSoon(socket: Socket): void {
  if (socket.destroyed) return
  socket.pause()
  if (socket.writable) socket.end()
  if (socket.writableFinished) socket.destroy()
  else socket.once('finish', () => socket.destroy())
}
