import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http'
import type { RootState } from '../context/state.ts'
import { type ArborErrorClass, errorCodes } from '../errors.ts'

// RFC 3986 3.2.2 and 3.2.3: an IP literal in brackets or a reg-name (unreserved, sub-delims,
// percent escapes; empty is allowed), then an optional port. Node has already refused control
// bytes; this refuses what no host contains, such as spaces, '/', '@' or quotes.
const HOST_VALUE = /^(?:\[[\w.:%!$&'()*+,;=~-]+\]|[\w.%!$&'()*+,;=~-]*)(?::\d*)?$/
// Most requests carry the Host of the one before: a string compare instead of the pattern.
let lastValidHost = 'localhost'

/**
 * RFC 9110 15.6.6: a request line with a version other than HTTP/1.0 and 1.1 (llhttp parses
 * HTTP/0.9 and HTTP/2.0 lines and hands them over) is answered 505 before routing, so that no
 * hook or handler runs (issue 13). Returns true when it answered.
 */
export function refuseUnsupportedVersion(
  root: RootState,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const version = req.httpVersion
  if (version === '1.1' || version === '1.0') return false
  return refuse(root, req, res, errorCodes.FST_ERR_UNSUPPORTED_HTTP_VERSION, [])
}

/**
 * Header faults node:http lets through, found before routing so that no hook or handler runs
 * (issue 13): more than one Host or a Host that is no host (RFC 9112 3.2), a Transfer-Encoding
 * whose last coding is not chunked, which node:http reads as a request without a body
 * (RFC 9112 6.3), and a transfer coding other than chunked, which it does not decode (6.1).
 * Such a request is answered here, with `Connection: close`, and true is returned.
 */
export function refuseHeaderFault(
  root: RootState,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  // One pass over the raw lines: `req.headers` keeps only the first Host and is built lazily.
  // A request a plugin built itself may have no raw lines: nothing to check then.
  const raw = req.rawHeaders
  if (raw === undefined) return false
  let hosts = 0
  let host = ''
  let codings: string | undefined
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!
    if (isNamed(name, 'host')) {
      hosts++
      host = raw[i + 1]!
    } else if (isNamed(name, 'transfer-encoding')) {
      codings = codings === undefined ? raw[i + 1]! : `${codings},${raw[i + 1]}`
    }
  }
  if (hosts > 1) {
    return refuse(root, req, res, errorCodes.FST_ERR_BAD_HOST_HEADER, ['more than one'])
  }
  if (hosts === 1 && host !== lastValidHost) {
    if (!HOST_VALUE.test(host)) {
      return refuse(root, req, res, errorCodes.FST_ERR_BAD_HOST_HEADER, ['not a valid host'])
    }
    lastValidHost = host
  }
  if (codings !== undefined) {
    const list = codings.split(',').map((coding) => coding.trim().toLowerCase())
    // RFC 9112 6.3: without chunked last, the body's length cannot be known: 400 and close.
    if (list[list.length - 1] !== 'chunked') {
      return refuse(root, req, res, errorCodes.FST_ERR_BAD_TRANSFER_ENCODING, [cut(codings)])
    }
    // RFC 9112 6.1: a coding the server does not decode (node:http only de-chunks): 501.
    const unknown = list.find((coding) => coding !== 'chunked')
    if (unknown !== undefined) {
      return refuse(root, req, res, errorCodes.FST_ERR_UNSUPPORTED_TRANSFER_CODING, [cut(unknown)])
    }
  }
  return false
}

/** Whether a header name is `lower`, in any case, without allocating (this runs per request). */
function isNamed(name: string, lower: string): boolean {
  if (name.length !== lower.length) return false
  for (let i = 0; i < lower.length; i++) {
    // | 32 lower-cases a letter and leaves '-' as it is
    if ((name.charCodeAt(i) | 32) !== lower.charCodeAt(i)) return false
  }
  return true
}

/** A header value quoted back in a message, kept short. */
function cut(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value
}

function refuse(
  root: RootState,
  req: IncomingMessage,
  res: ServerResponse,
  ErrorClass: ArborErrorClass,
  args: unknown[],
): true {
  const err = new ErrorClass(...args)
  const body = JSON.stringify({
    statusCode: err.statusCode,
    code: err.code,
    error: STATUS_CODES[err.statusCode],
    message: err.message,
  })
  res.writeHead(err.statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  })
  res.end(body)
  root.logger.info(
    {
      [root.options.requestIdLogLabel]: root.genReqId(req),
      req: { method: req.method, url: req.url, httpVersion: req.httpVersion },
      res: { statusCode: err.statusCode },
      code: err.code,
    },
    `request refused before routing: ${err.message}`,
  )
  return true
}
