import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { RootState } from '../context/state.ts'
import { routeRequest } from '../routing/route-request.ts'

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
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
    const body = JSON.stringify({
      error: status === 431 ? 'Request Header Fields Too Large' : 'Bad Request',
      message: 'Client Error',
      statusCode: status,
    })
    root.logger.debug({ err }, 'client error')
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    )
  })
  return server
}

/** Every request, from the network or from inject, enters here. */
export function dispatch(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  if (root.closing && root.options.return503OnClosing) {
    res.writeHead(503, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(unavailableBody)),
      connection: 'close',
    })
    res.end(unavailableBody)
    return
  }
  routeRequest(root, req, res)
}
