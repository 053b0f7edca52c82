import { finished, type Readable } from 'node:stream'
import { errorCodes } from '../errors.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'
import { forgetStartedResponse } from './last-response.ts'
import { announceTrailers, canCarryTrailers, endWithTrailers } from './trailers.ts'

/** Where a write that cannot go out (a payload of the wrong type, a stream error) is sent. */
export type WriteFailure = (reply: Reply, err: Error) => void

/** Writes status, headers and payload to the socket. */
export function write(reply: Reply, payload: unknown, fail: WriteFailure): void {
  const res = reply.raw
  const headers = reply.outHeaders
  const statusCode = res.statusCode
  if (res.headersSent || res.writableEnded) return
  const method = reply.request.raw.method
  if (payload === undefined || payload === null) {
    if (reply.trailers !== null && canCarryTrailers(statusCode, method)) {
      announceTrailers(reply)
      writeHead(reply, statusCode)
      endWithTrailers(reply, payload)
      return
    }
    if (statusCode >= 200 && statusCode !== 204 && statusCode !== 304 && method !== 'HEAD') {
      headers['content-length'] = '0'
    }
    writeHead(reply, statusCode)
    res.end()
    return
  }
  if ((statusCode >= 100 && statusCode < 200) || statusCode === 204) {
    delete headers['content-type']
    delete headers['content-length']
    writeHead(reply, statusCode)
    res.end()
    const stream = payload as Readable
    if (typeof stream.resume === 'function') {
      stream.on('error', noop)
      stream.resume()
    }
    return
  }
  const withTrailers = reply.trailers !== null && canCarryTrailers(statusCode, method)
  if (typeof (payload as Readable).pipe === 'function') {
    if (withTrailers) announceTrailers(reply)
    return sendStream(reply, payload as Readable, fail, withTrailers)
  }
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    const err = new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload)
    // Inside the application's own send() call, send() throws it (Fastify does); later (after
    // an async hook) there is no caller left to throw to, so it goes to the error handler.
    if (!reply.sendingSync) return fail(reply, err)
    reply.payloadStarted = false
    reply.invalidPayload = err
    return
  }
  if (withTrailers) {
    announceTrailers(reply)
    writeHead(reply, statusCode)
    if (payload.length > 0) res.write(payload)
    endWithTrailers(reply, payload)
    return
  }
  const declared = headers['content-length']
  const length = Buffer.byteLength(payload)
  if (declared === undefined || (method !== 'HEAD' && Number(declared) !== length)) {
    headers['content-length'] = String(length)
  }
  writeHead(reply, statusCode)
  // A HEAD body goes out as Fastify sends it: node drops it on real sockets, inject shows it.
  // Automatic HEAD routes have already dropped theirs (routing/head-route.ts).
  res.end(payload)
}

function writeHead(reply: Reply, statusCode: number): void {
  forgetStartedResponse(reply.request.raw, reply.raw)
  try {
    reply.raw.writeHead(statusCode, reply.outHeaders as Record<string, string | string[]>)
  } catch (err) {
    // An invalid header value written by the application: answer 500 rather than crash.
    reply.log.error({ err }, 'invalid response header')
    reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
  }
}

/**
 * Pipes a stream payload. A stream error before the headers went out is answered as an error;
 * after, the response is cut. When the response closes before the stream ended (the client went
 * away), the stream is destroyed, or closed or aborted if that is what it offers.
 */
function sendStream(reply: Reply, stream: Readable, fail: WriteFailure, trailers: boolean): void {
  const res = reply.raw
  if (typeof stream.on !== 'function') {
    // Something with pipe() but no events (a hand-made stand-in): nothing to watch, so the
    // headers go now and it ends the response itself.
    writeHead(reply, res.statusCode)
    stream.pipe(res)
    return
  }
  let sourceOpen = true
  let errored = false
  let errorLogged = false
  finished(stream, { readable: true, writable: false }, (err) => {
    sourceOpen = false
    if (err === null || err === undefined) return
    errored = true
    if (!res.headersSent && !reply.request.raw.aborted) return fail(reply, err)
    if (!errorLogged) {
      errorLogged = true
      logStreamError(reply, err)
    }
    res.destroy()
  })
  finished(res, (err) => {
    if (!sourceOpen) return
    if (err !== null && err !== undefined && res.headersSent && !errorLogged) {
      errorLogged = true
      logStreamError(reply, err)
    }
    endSource(reply, stream)
  })
  // Headers wait for the stream's first chunk, so an immediate stream error can still be
  // answered with a proper error response.
  const start = () => {
    if (errored || res.headersSent || res.writableEnded) return
    writeHead(reply, res.statusCode)
  }
  stream.once('data', start)
  stream.once('end', start)
  // With trailers the response stays open after the stream ends, until they are computed.
  if (trailers) stream.once('end', () => endWithTrailers(reply, null))
  stream.pipe(res, { end: !trailers })
}

function logStreamError(reply: Reply, err: Error): void {
  if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
    if (!reply.route.app.options.disableRequestLogging) {
      reply.log.info({ res: reply }, 'stream closed prematurely')
    }
  } else {
    reply.log.warn({ err }, 'response terminated with an error with headers already sent')
  }
}

/** Ends a stream payload the response no longer reads. */
function endSource(reply: Reply, stream: Readable): void {
  const source = stream as Readable & { close?: (cb: () => void) => void; abort?: () => void }
  if (typeof source.destroy === 'function') source.destroy()
  else if (typeof source.close === 'function') source.close(noop)
  else if (typeof source.abort === 'function') source.abort()
  else reply.log.warn('stream payload does not end properly')
}

function noop(): void {}
