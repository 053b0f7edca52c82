import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { RootState } from '../context/state.ts'

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
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    try {
      dispatch(root, req, res)
    } catch (err) {
      // A throw before the request has a reply (a child logger factory that returns no
      // logger, FST_ERR_LOG_INVALID_LOGGER) fails that request, not the process.
      root.logger.error({ err }, 'the request could not be started')
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        res.end(
          JSON.stringify({
            statusCode: 500,
            code: (err as { code?: unknown }).code,
            error: 'Internal Server Error',
            message: (err as Error).message,
          }),
        )
      }
    }
  })
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
  root.router.lookup(req, res)
}
