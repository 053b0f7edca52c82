import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http'
import type {
  ServerOptions as Http2Options,
  Http2SecureServer,
  Http2Server,
  SecureServerOptions,
} from 'node:http2'
import { createServer as createHttpsServer } from 'node:https'
import type { Socket } from 'node:net'
import { requireLazily } from '../config/lazy-require.ts'
import type { RootState } from '../context/state.ts'
import { arrivedAfterEnd, connectionEnded, dropRequest } from '../lifecycle/connection-end.ts'
import { noteResponse } from '../lifecycle/last-response.ts'
import { routeRequest } from '../routing/route-request.ts'
import { answerClientError } from './client-error.ts'
import { closeOnceAnswered, endConnectionWith, trackConnections } from './connections.ts'
import { guardSessions, http2ServerOptions } from './http2-sessions.ts'
import { refuseHeaderFault } from './protocol-checks.ts'

const unavailableBody =
  '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}'
// Fastify's 505 body, with arbor's stable code (issue 13)
const versionBody =
  '{"error":"HTTP Version Not Supported","message":"HTTP Version Not Supported","statusCode":505,"code":"FST_ERR_UNSUPPORTED_HTTP_VERSION"}'

/**
 * The server, as Fastify 4.25 builds it: the user's `serverFactory(handler, options)` (left as
 * it is), else an http2, https or http server with the `http` options, arbor's timeouts and
 * `maxRequestsPerSocket`. Malformed requests go to `clientErrorHandler`, `this` the instance.
 */
export function createHttpServer(root: RootState): Server {
  const options = root.options
  const handler = (req: IncomingMessage, res: ServerResponse) => dispatchSafely(root, req, res)
  let server: Server
  // An h2c server's every connection is a session, tracked by guardSessions and ended through
  // it: tracking its sockets too cost each session a set entry and a second 'close' listener
  // (issue 41). A TLS server's sockets are tracked: one still in its handshake has no session.
  let tracksSockets = true
  if (options.serverFactory !== undefined) {
    server = options.serverFactory(handler, options.given)
  } else if (options.initialConfig.http2 === true) {
    server = createHttp2Server(root, handler) as unknown as Server
    server.setTimeout(options.connectionTimeout)
    tracksSockets = options.https !== undefined
  } else {
    server =
      options.https !== undefined
        ? createHttpsServer(options.https, handler)
        : createServer((options.http ?? {}) as ServerOptions, handler)
    server.keepAliveTimeout = options.keepAliveTimeout
    server.requestTimeout = options.requestTimeout
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket
    server.setTimeout(options.connectionTimeout)
  }
  const onClientError = options.clientErrorHandler ?? answerClientError
  const instance = root.rootState.instance
  server.on('clientError', (err: Error, socket: Socket) => {
    // Bytes after the response that ended the connection are no request: nothing answers
    // them (a second answer would desynchronise the client, issue 27).
    if (connectionEnded(socket)) closeOnceAnswered(socket)
    else onClientError.call(instance as never, err, socket)
  })
  if (tracksSockets) trackConnections(server)
  return server
}

function createHttp2Server(
  root: RootState,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Http2Server | Http2SecureServer {
  // loaded only when asked for, as Fastify does
  const http2 = requireLazily('node:http2') as typeof import('node:http2')
  const { https, http, http2Limits } = root.options
  // The app's options reach node in both lines, as Fastify 5 passes them (Fastify 4.25 passes
  // none, so its apps give none that matter), with arbor's default stream limit.
  const server =
    https !== undefined
      ? http2.createSecureServer(
          http2ServerOptions(https as SecureServerOptions, http2Limits),
          handler as never,
        )
      : http2.createServer(
          http2ServerOptions(http as Http2Options | undefined, http2Limits),
          handler as never,
        )
  guardSessions(server, http2Limits, root.options.initialConfig.http2SessionTimeout)
  return server
}

/** Every request, from the network or from inject, enters here. */
export function dispatch(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  if (arrivedAfterEnd(req)) return dropRequest(req, res)
  const version = req.httpVersion
  // HTTP/1.1 on an HTTP/1 server, the usual case, costs one comparison
  if (
    (version !== '1.1' || root.options.initialConfig.http2 === true) &&
    !isServedVersion(root, version)
  ) {
    return refuse(root, req, res, 505, versionBody, 'request aborted - invalid HTTP version')
  }
  if (refuseHeaderFault(root, req, res)) return
  if (root.closing) {
    // The server is going away: this response ends the connection (RFC 9112 9.6). A request
    // sent after the connection said so is not processed.
    if (req.httpVersionMajor !== 2 && !endConnectionWith(req, res)) return
    if (root.options.return503OnClosing) {
      return refuse(
        root,
        req,
        res,
        503,
        unavailableBody,
        'request aborted - refusing to accept new requests as server is closing',
      )
    }
  } else {
    noteResponse(req, res)
  }
  routeRequest(root, req, res)
}

function isServedVersion(root: RootState, version: string): boolean {
  // a serverFactory's server may speak anything: Fastify checks only its own servers
  if (root.options.serverFactory !== undefined) return true
  if (root.options.initialConfig.http2 === true) {
    const https = root.options.https as { allowHTTP1?: boolean } | undefined
    return version === '2.0' || (https?.allowHTTP1 === true && version[0] === '1')
  }
  return version === '1.1' || version === '1.0'
}

function refuse(
  root: RootState,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  message: string,
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': body.length })
  res.end(body)
  const label = root.options.requestIdLogLabel
  root.logger.child({ [label]: root.genReqId(req) }).info({ res: { statusCode: status } }, message)
}

/**
 * `dispatch`, for requests from the network: a throw before the request has a reply (a child
 * logger factory that returns no logger, FST_ERR_LOG_INVALID_LOGGER) fails that request with
 * a 500, not the process.
 */
function dispatchSafely(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  try {
    dispatch(root, req, res)
  } catch (err) {
    root.logger.error({ err }, 'the request could not be started')
    if (res.headersSent) return
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
