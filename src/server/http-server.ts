import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { RootState } from '../context/state.ts'
import { answerClientError } from './client-error.ts'
import { trackConnections } from './connections.ts'
import { refuseProtocolFault } from './protocol-checks.ts'

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
  if (refuseProtocolFault(root, req, res)) return
  if (root.closing) {
    // the connection ends with this response (RFC 9112 9.6): the server is going away
    res.setHeader('connection', 'close')
    if (root.options.return503OnClosing) {
      res.writeHead(503, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(unavailableBody)),
      })
      res.end(unavailableBody)
      return
    }
  }
  root.router.lookup(req, res)
}
