import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { announcing, lastResponseOf, noteResponse } from '../lifecycle/last-response.ts'
import { headWritten } from '../request/head-written.ts'

// `_httpMessage` is node:http's own name for the response a socket is writing (its
// closeIdleConnections reads it too); responses pipelined behind it wait in node:http's queue.
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null }

// node:http's own list of a listening server's connections (what its closeAllConnections and
// closeIdleConnections read): one entry per connection, held natively, at no cost to arbor.
interface ConnectionsList {
  all(): Array<{ socket: Socket | null }>
}
const LIST = 'http.server.connections'
let listSymbol: symbol | undefined

const tracked = new WeakMap<Server, Set<Socket>>()
const closingOnce = new WeakSet<Socket>()

function nativeList(server: Server): ConnectionsList | undefined {
  if (listSymbol === undefined) {
    // a private symbol of node:http, set once the server listens (Node >= 18.2; not in Bun)
    listSymbol = Object.getOwnPropertySymbols(server).find((key) => key.description === LIST)
    if (listSymbol === undefined) return undefined
  }
  const list = (server as unknown as Record<symbol, ConnectionsList | undefined>)[listSymbol]
  return typeof list?.all === 'function' ? list : undefined
}

/**
 * Keeps the set of the server's open connections, for closing (`closeWhenAnswered`) and for
 * reporting what a shutdown cut (server/shutdown.ts), where node does not: a node:http server
 * lists its connections itself, and arbor reads that list. Any other server (HTTP/2, a
 * `serverFactory`'s) costs a set entry and a shared 'close' listener per connection. An idle
 * connection is what a server holds most of (issue 41): a listener of its own, a `once`
 * wrapper and a set entry per connection were 0.35 KiB of heap each.
 */
export function trackConnections(server: Server): void {
  const sockets = new Set<Socket>()
  tracked.set(server, sockets)
  const forget = function (this: Socket) {
    sockets.delete(this)
  }
  // node:http sets its list up on 'listening', before this listener runs. `on`, not `once`: a
  // serverFactory's server need have no more than `on`.
  let decided = false
  server.on('listening', () => {
    if (decided || nativeList(server) !== undefined) return
    decided = true
    server.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.on('close', forget)
    })
  })
}

/** Whether `connectionsOf` knows the server's connections (an h2c server's are its sessions). */
export function listsConnections(server: Server): boolean {
  return tracked.has(server) || nativeList(server) !== undefined
}

/** The server's open connections. */
export function connectionsOf(server: Server): readonly Socket[] {
  const list = nativeList(server)
  if (list === undefined) return [...(tracked.get(server) ?? [])]
  const sockets: Socket[] = []
  for (const parser of list.all()) if (parser.socket != null) sockets.push(parser.socket)
  return sockets
}

/**
 * The response a connection is writing or still owes, if any. One whose bytes have all gone
 * counts until node:http has taken it off the connection (its 'finish'): responses pipelined
 * behind it wait in node's queue until then.
 */
export function responseOwed(socket: Socket): ServerResponse | null {
  return (socket as HttpSocket)._httpMessage ?? null
}

/**
 * Runs `closing` (which calls node:http's closeIdleConnections, itself or through
 * `server.close()`) so that it does not destroy a connection whose response node has not yet
 * taken off. node counts such a connection idle once that response is ended, but a response
 * pipelined behind it may wait in node's queue: destroyed then, its answer was lost although its
 * handler had run (Fastify 4.25 and 5.12 lose it too). For the call, each such response counts
 * as not ended (`finished`, node's own flag); those connections are closed once they have sent
 * all they owe, by `closeWhenAnswered` or, with `closeKeptOnceAnswered`, here.
 */
export function keepingOwedConnections(
  server: Server,
  closing: () => void,
  closeKeptOnceAnswered: boolean,
): void {
  const kept: Array<[Socket, ServerResponse]> = []
  for (const socket of connectionsOf(server)) {
    const res = responseOwed(socket)
    if (res?.finished) {
      ;(res as { finished: boolean }).finished = false
      kept.push([socket, res])
    }
  }
  try {
    closing()
  } finally {
    for (const [, res] of kept) (res as { finished: boolean }).finished = true
  }
  // node:http would have closed them as idle: they are closed once they owe nothing more
  if (closeKeptOnceAnswered) for (const [socket, res] of kept) closeAfter(socket, res)
}

/**
 * For a request that arrives while closing: its response becomes the one that ends the
 * connection (RFC 9112 9.6), taking that role over from an earlier response of the same
 * connection that had not started yet. Returns false when the connection has already said
 * `Connection: close`: then the request must not be processed at all.
 */
export function endConnectionWith(req: IncomingMessage, res: ServerResponse): boolean {
  const socket = req.socket as HttpSocket | undefined
  if (socket == null || req.httpVersionMajor === 2) return true
  const previous = lastResponseOf(socket)
  noteResponse(req, res)
  if (previous !== undefined && announcing.has(previous)) {
    if (headWritten(previous)) return false
    announcing.delete(previous)
    previous.shouldKeepAlive = true
  }
  announcing.add(res)
  res.shouldKeepAlive = false
  return true
}

/**
 * `forceCloseConnections: 'idle'`: closes the idle keep-alive connections now (unless
 * `closeIdleNow` is false: node's `server.close()` then does it) and those that never sent a
 * byte, and every other one as soon as it has sent what it owes, its last response saying
 * `Connection: close` where that response has not started. node:http's closeIdleConnections
 * alone acts only once, so a client whose request was in flight kept its socket, and close()
 * waited for that client or for keepAliveTimeout.
 */
export function closeWhenAnswered(server: Server, closeIdleNow: boolean): void {
  // an HTTP/2 server has sessions, not these connections: server/http2-sessions.ts ends them
  if (typeof server.closeIdleConnections !== 'function') return
  if (closeIdleNow) server.closeIdleConnections()
  for (const socket of connectionsOf(server)) {
    const owed = responseOwed(socket)
    if (owed === null) {
      // A connection that never sent a byte owes nothing, yet node:http does not count it as
      // idle: close() would wait for its headersTimeout (issue 27, thousands of idle sockets).
      if (socket.bytesRead === 0) socket.destroy()
      continue
    }
    const last = lastResponseOf(socket)
    if (last !== undefined && !headWritten(last) && !announcing.has(last)) {
      announcing.add(last)
      last.shouldKeepAlive = false
    }
    closeAfter(socket, owed)
  }
}

/**
 * Closes a connection that takes no more requests once the response it owes (if any) has
 * gone: node:http closes it then by itself unless that response was to keep it open.
 */
export function closeOnceAnswered(socket: Socket): void {
  // every chunk the client sends after a parse error repeats the error: wait once
  if (closingOnce.has(socket)) return
  closingOnce.add(socket)
  const owed = responseOwed(socket)
  if (owed === null) endSoon(socket)
  else closeAfter(socket, owed)
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

/**
 * `forceCloseConnections: true`: destroys every connection now. A server built by a
 * `serverFactory` may lack node:http's closeAllConnections: its tracked connections are
 * destroyed instead, as Fastify does with the keep-alive connections it tracks.
 */
export function closeAll(server: Server): void {
  if (typeof server.closeAllConnections === 'function') {
    server.closeAllConnections()
    return
  }
  for (const socket of connectionsOf(server)) socket.destroy()
}
