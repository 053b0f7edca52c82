import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { RootState } from '../context/state.ts'
import { answerClientError } from './client-error.ts'
import { endConnectionWith, noteResponse, trackConnections } from './connections.ts'
import { refuseHeaderFault, refuseUnsupportedVersion } from './protocol-checks.ts'

const unavailableBody = JSON.stringify({
  error: 'Service Unavailable',
  message: 'Service Unavailable',
  statusCode: 503,
})

/** The node:http server, with arbor's timeouts and its answer to malformed requests. */
export function createHttpServer(root: RootState): Server {
  const server = createServer({
    requestTimeout: root.options.requestTimeout,
    keepAliveTimeout: root.options.keepAliveTimeout,
  })
  server.setTimeout(root.options.connectionTimeout)
  server.on('request', (req: IncomingMessage, res: ServerResponse) => dispatch(root, req, res))
  server.on('clientError', answerClientError.bind({ log: root.logger }))
  trackConnections(server)
  return server
}

/** Every request, from the network or from inject, enters here. */
export function dispatch(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  if (refuseUnsupportedVersion(root, req, res) || refuseHeaderFault(root, req, res)) return
  if (root.closing) {
    // The server is going away: this response ends the connection (RFC 9112 9.6). A request
    // sent after the connection said so is not processed.
    if (!endConnectionWith(req, res)) return
    if (root.options.return503OnClosing) {
      res.writeHead(503, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(unavailableBody)),
      })
      res.end(unavailableBody)
      return
    }
  } else {
    noteResponse(req, res)
  }
  root.router.lookup(req, res)
}
