import { type ServerResponse, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { errorCodes } from '../errors.ts'
import { headWritten } from '../request/head-written.ts'
import type { ArborLogger } from '../types/logger.ts'

/** What node:http leaves on a socket and on a parse error (documented for 'clientError'). */
interface ParseError extends NodeJS.ErrnoException {
  rawPacket?: Buffer
  bytesParsed?: number
}
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null }

// How long a refused connection stays half-open for the client to read the answer.
const LINGER_MS = 1000

// Sockets whose answer waits for the responses owed before it; further errors are ignored.
const waiting = new WeakSet<Socket>()

/**
 * arbor's answer to a request node:http could not parse, in Fastify's bytes: 408 for a request
 * that timed out, 431 for headers too large, 400 otherwise, with a short JSON body and no
 * `Connection` header; then the connection is closed. Two additions (issue 13): a request line
 * whose version is well formed but not 1.0 or 1.1 gets 505, and the responses owed to valid
 * requests pipelined before the bad one are sent first.
 */
export function answerClientError(
  this: { log: ArborLogger },
  err: ParseError,
  socket: Socket,
): void {
  if (waiting.has(socket)) return
  answer(this.log, err, socket as HttpSocket)
}

function answer(log: ArborLogger, err: ParseError, socket: HttpSocket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  if (!socket.writable) {
    // node:http is closing it after the last owed response (`Connection: close`): let that
    // response's bytes go out. Otherwise a second error on a socket already answered.
    if (!waiting.delete(socket)) socket.destroy()
    return
  }
  const owed = socket._httpMessage
  if (owed != null && !owed.writableFinished) {
    if (owed.req.complete) {
      // A complete request before the bad one is still being answered: its response goes
      // first. Nothing more is read meanwhile, and this runs again once it has gone (node:http
      // has then moved on to the next pipelined response, if any).
      waiting.add(socket)
      socket.pause()
      owed.once('finish', () => answer(log, err, socket))
      return
    }
    // The fault is inside the request being answered (its body): a status line can only be
    // written while that response has not started.
    if (headWritten(owed)) {
      socket.destroy()
      return
    }
  }
  if (waiting.delete(socket)) {
    // read again, so that the client's FIN (or its next bytes, an error that destroys the
    // socket) is seen; a paused socket keeps neither itself nor the event loop alive
    socket.resume()
  }
  const [status, message, label] = classify(err)
  const reason = STATUS_CODES[status]!
  const code = status === 505 ? `,"code":"${errorCodes.FST_ERR_UNSUPPORTED_HTTP_VERSION.code}"` : ''
  const body = `{"error":"${reason}","message":"${message}","statusCode":${status}${code}}`
  log.trace({ err }, `client ${label}`)
  // end, not destroy: a client still sending reads the answer rather than a reset. The socket
  // is destroyed on the client's next bytes (the error repeats), or after LINGER_MS.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${body.length}\r\n` +
      `Content-Type: application/json\r\n\r\n${body}`,
  )
  socket.setTimeout(LINGER_MS, () => socket.destroy())
}

function classify(err: ParseError): [status: number, message: string, label: string] {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Client Timeout', 'timeout']
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Exceeded maximum allowed HTTP header size', 'header_overflow']
    // `PRI * HTTP/2.0`, the HTTP/2 connection preface
    case 'HPE_PAUSED_H2_UPGRADE':
      return [505, 'HTTP Version Not Supported', 'unsupported_version']
    case 'HPE_INVALID_VERSION':
      if (isUnsupportedVersion(err))
        return [505, 'HTTP Version Not Supported', 'unsupported_version']
      return [400, 'Client Error', 'error']
    default:
      return [400, 'Client Error', 'error']
  }
}

/**
 * llhttp stops on the line end after a version it does not speak (`HTTP/3.0`, `HTTP/1.2`), and
 * inside a version that is malformed (`HTTP/1.10`, `HTTP/11`): only the first is a 505
 * (RFC 9110 15.6.6), the rest are a 400.
 */
function isUnsupportedVersion(err: ParseError): boolean {
  const packet = err.rawPacket
  const at = err.bytesParsed
  if (packet === undefined || at === undefined || at >= packet.length) return false
  const tail = packet.toString('latin1', Math.max(0, at - 9), at + 1)
  return / HTTP\/\d\.\d[\r\n]$/.test(tail)
}
