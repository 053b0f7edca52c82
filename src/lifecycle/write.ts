import type { Readable } from 'node:stream'
import { errorCodes } from '../errors.ts'
import { headWritten } from '../request/head-written.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'
import { noop, sendStream, sendWebStream } from './stream-payload.ts'
import { announceTrailers, canCarryTrailers, endWithTrailers } from './trailers.ts'
import { isWebResponse, isWebStream, type WebResponse } from './web-payload.ts'
import { type WriteFailure, writeHead } from './write-head.ts'

export type { WriteFailure } from './write-head.ts'

/**
 * Writes status, headers and payload to the socket. `fail` takes what cannot go out; the error
 * path's last write passes null (write-head.ts).
 */
export function write(reply: Reply, payload: unknown, fail: WriteFailure | null): void {
  const res = reply.raw
  const headers = reply.outHeaders
  const statusCode = res.statusCode
  if (res.writableEnded) return
  if (headWritten(res)) return writeAfterHead(reply, payload, fail ?? noop)
  const method = reply.request.raw.method
  if (payload === undefined || payload === null) {
    if (reply.trailers !== null && canCarryTrailers(statusCode, method)) {
      announceTrailers(reply)
      if (!writeHead(reply, statusCode, fail)) return
      endWithTrailers(reply, payload)
      return
    }
    if (statusCode >= 200 && statusCode !== 204 && statusCode !== 304 && method !== 'HEAD') {
      headers['content-length'] = '0'
    }
    if (!writeHead(reply, statusCode, fail)) return
    res.end()
    return
  }
  if ((statusCode >= 100 && statusCode < 200) || statusCode === 204) {
    // A Response brings its own status; whatever else the response will not read is ended.
    if (isWebResponse(payload)) return writeResponse(reply, payload, fail)
    delete headers['content-type']
    delete headers['content-length']
    if (!writeHead(reply, statusCode, fail)) return
    res.end()
    const stream = payload as Readable
    if (typeof stream.resume === 'function') {
      stream.on('error', noop)
      stream.resume()
    } else if (isWebStream(payload) && !payload.locked) {
      payload.cancel().catch(noop)
    }
    return
  }
  const withTrailers = reply.trailers !== null && canCarryTrailers(statusCode, method)
  if (typeof (payload as Readable).pipe === 'function') {
    if (withTrailers) announceTrailers(reply)
    return sendStream(reply, payload as Readable, fail ?? noop, withTrailers)
  }
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    if (isWebStream(payload)) {
      if (payload.locked) {
        return refusePayload(reply, new errorCodes.FST_ERR_REP_READABLE_STREAM_LOCKED(), fail)
      }
      if (withTrailers) announceTrailers(reply)
      return sendWebStream(reply, payload, fail ?? noop, withTrailers)
    }
    if (isWebResponse(payload)) return writeResponse(reply, payload, fail)
    return refusePayload(
      reply,
      new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload),
      fail,
    )
  }
  if (withTrailers) {
    announceTrailers(reply)
    if (!writeHead(reply, statusCode, fail)) return
    if (payload.length > http2ChunkSize && reply.request.raw.httpVersionMajor === 2) {
      writeInChunks(res, payload, () => endWithTrailers(reply, payload))
      return
    }
    if (payload.length > 0) res.write(payload)
    endWithTrailers(reply, payload)
    return
  }
  const declared = headers['content-length']
  const length = Buffer.byteLength(payload)
  if (declared === undefined || (method !== 'HEAD' && Number(declared) !== length)) {
    headers['content-length'] = String(length)
  }
  if (!writeHead(reply, statusCode, fail)) return
  if (length > http2ChunkSize && reply.request.raw.httpVersionMajor === 2) {
    writeInChunks(res, payload, () => res.end())
    return
  }
  // A HEAD body goes out as Fastify sends it: node drops it on real sockets, inject shows it.
  // Automatic HEAD routes have already dropped theirs (routing/head-route.ts).
  res.end(payload)
}

// A large body written to an HTTP/2 stream at once is held by the session until it is sent:
// past the session's memory limit (node's maxSessionMemory, 10 MB by default), nghttp2 refuses
// the session's next streams with ENHANCE_YOUR_CALM, even after the client cancelled the large
// one. Written a slice at a time, waiting for 'drain', the session holds one slice at most, as
// Fastify 5 does.
const http2ChunkSize = 64 * 1024

function writeInChunks(res: Reply['raw'], payload: string | Buffer, done: () => void): void {
  const buffer = typeof payload === 'string' ? Buffer.from(payload) : payload
  let offset = 0
  const next = () => {
    while (offset < buffer.length) {
      // the client went away: nothing more to write, and `done` must not end a closed stream
      // (node's Http2ServerResponse has no `destroyed`: its stream tells)
      if (res.writableEnded || (res as { stream?: { destroyed: boolean } }).stream?.destroyed)
        return
      const end = Math.min(offset + http2ChunkSize, buffer.length)
      const more = res.write(buffer.subarray(offset, end))
      offset = end
      if (!more) {
        res.once('drain', next)
        return
      }
    }
    done()
  }
  next()
}

/**
 * A fetch Response: its status and headers become the reply's, its body (null or a web stream)
 * the payload. A body already read, or locked by a reader, cannot be sent.
 */
function writeResponse(reply: Reply, response: WebResponse, fail: WriteFailure | null): void {
  const body = response.body
  if (body !== null && body !== undefined) {
    if (response.bodyUsed) {
      return refusePayload(reply, new errorCodes.FST_ERR_REP_RESPONSE_BODY_CONSUMED(), fail)
    }
    if (body.locked) {
      return refusePayload(reply, new errorCodes.FST_ERR_REP_READABLE_STREAM_LOCKED(), fail)
    }
  }
  try {
    // Response.error() has status 0, which code() refuses (FST_ERR_BAD_STATUS_CODE).
    if (typeof response.status === 'number') reply.code(response.status)
    const headers = response.headers
    if (headers !== null && typeof headers === 'object') {
      for (const [name, value] of headers) reply.header(name, value)
    }
  } catch (err) {
    return refusePayload(reply, err as Error, fail)
  }
  write(reply, body ?? null, fail)
}

/**
 * A payload that cannot be written. Inside the application's own send() call, send() throws it
 * (Fastify does); later (after an async hook) there is no caller left to throw to, so it goes
 * to the error handler.
 */
function refusePayload(reply: Reply, err: Error, fail: WriteFailure | null): void {
  if (!reply.sendingSync) {
    if (fail !== null) fail(reply, err)
    return
  }
  reply.payloadStarted = false
  reply.invalidPayload = err
}

/**
 * The application (or a plugin) wrote the head itself on reply.raw and did not hijack the reply.
 * A stream still follows it (with a warning, as in Fastify). Any other payload is never left
 * hanging (DESIGN.md: every request is answered): the mistake is logged, then a body that can
 * still go out (a string or Buffer) ends the response, and an error reply, which can no longer
 * say so in its status, cuts the connection so the client sees a broken response, as Fastify 5
 * does.
 */
function writeAfterHead(reply: Reply, payload: unknown, fail: WriteFailure): void {
  if (payload !== null && payload !== undefined) {
    if (typeof (payload as Readable).pipe === 'function') {
      return sendStream(reply, payload as Readable, fail, false)
    }
    if (isWebStream(payload) && !payload.locked) return sendWebStream(reply, payload, fail, false)
  }
  const res = reply.raw
  const raw = reply.request.raw
  reply.log.warn(
    `Reply was already sent, did you forget to "return reply" in the "${raw.url}" (${raw.method}) route? The head was written on reply.raw; use reply.hijack() to answer there`,
  )
  if (reply.nextErrorHandler !== null) {
    res.destroy()
    return
  }
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) res.end(payload)
  else res.end()
}
