import { AsyncResource } from 'node:async_hooks'
import type { Readable } from 'node:stream'
import { bodyText } from '../content/body-text.ts'
import type { Parser } from '../content/parsers.ts'
import { errorCodes } from '../errors.ts'
import type { RoutedReply as Reply, RoutedRequest as Request } from '../request/route-context.ts'
import type { ArborRequest } from '../types/instance.ts'
import { endConnectionAfter } from './connection-end.ts'

export type BodyDone = (err: Error | null | undefined, body?: unknown) => void

/**
 * Reads a request body through its parser. Bodies over the limit are refused before reading
 * (declared Content-Length) or as soon as they cross it (streamed); a client that goes away
 * mid-body ends the request quietly. What follows the parser runs in the async context the
 * request had before its body was read, so an AsyncLocalStorage store set in onRequest is
 * still there in the handler (Fastify's `content-type-parser:run` resource).
 */
export function parseBody(
  request: Request,
  reply: Reply,
  payload: Readable,
  parser: Parser,
  routeLimit: number,
  next: BodyDone,
): void {
  const resource = new AsyncResource('content-type-parser:run')
  const done: BodyDone = (err, body) => resource.runInAsyncScope(next, null, err, body)
  if (parser.parseAs === null) {
    callParser(parser.fn, request, payload, (err, body) => {
      // A stream parser that fails because the client went away: end quietly, as below.
      if (err != null && request.raw.destroyed && !request.raw.complete) aborted(request, reply)
      else done(err, body)
    })
    return
  }
  // As in Fastify: a route's own bodyLimit, then the parser's, then the instance's.
  const limit = reply.route.options.bodyLimit ?? parser.bodyLimit ?? routeLimit
  const raw = request.raw
  const declared = raw.headers['content-length']
  const expected = declared === undefined ? Number.NaN : Number(declared)
  const isRaw = payload === (raw as unknown as Readable)
  if (isRaw && expected > limit) {
    refuse(reply, new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), done)
    return
  }

  const chunks: Buffer[] = []
  let received = 0
  let finished = false

  const onData = (chunk: Buffer | string) => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    received += buf.length
    // A decoding stream from preParsing may report what it read (the "zip bomb" guard).
    const encoded = (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength
    if (received > limit || (encoded !== undefined && encoded > limit)) {
      cleanup()
      refuse(reply, new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), done)
      return
    }
    chunks.push(buf)
  }
  const onEnd = () => {
    // The request's own stream emits no more data once it ended, so its listeners stay: three
    // removeListener calls fewer per body. An 'error' after this finds `finished` set and is
    // ignored, as it was with no listener.
    if (isRaw) finished = true
    else cleanup()
    const encoded = (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength
    const actual = isRaw ? received : encoded
    if (!Number.isNaN(expected) && actual !== undefined && actual !== expected) {
      done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH())
      return
    }
    // Most bodies arrive in one chunk: no copy then.
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)
    callParser(parser.fn, request, parser.parseAs === 'string' ? bodyText(body) : body, done)
  }
  const onError = (err: Error) => {
    if (finished) return
    cleanup()
    if (isRaw ? raw.destroyed || isConnectionLoss(err) : isConnectionLoss(err)) {
      aborted(request, reply)
      return
    }
    // As in Fastify: a stream error is the client's fault unless it says otherwise with a
    // 4xx or 5xx status of its own.
    const withStatus = err as Error & { statusCode?: unknown }
    if (!(typeof withStatus.statusCode === 'number' && withStatus.statusCode >= 400)) {
      withStatus.statusCode = 400
    }
    done(withStatus)
  }
  const onClose = () => {
    if (!finished && !raw.complete) {
      cleanup()
      aborted(request, reply)
    }
  }
  function cleanup() {
    finished = true
    payload.removeListener('data', onData)
    payload.removeListener('end', onEnd)
    payload.removeListener('error', onError)
    if (!isRaw) raw.removeListener('close', onClose)
  }

  payload.on('data', onData)
  payload.on('end', onEnd)
  payload.on('error', onError)
  // node:http reports a client gone mid-body as an 'error' on the request itself; a stream
  // from preParsing may not pass that on, so then the request's 'close' is watched too.
  if (!isRaw) raw.on('close', onClose)
  // A stream from preParsing may start paused (@fastify/compress's decompressor does).
  payload.resume()
  if (isRaw && raw.readableEnded && !finished) onEnd()
}

// What a stream reports when the client went away. A stream from preParsing that fails on its
// own (@fastify/compress's decompressor on a bad gzip body) may destroy the request as it
// fails, but its error is still answered, as in Fastify: a 400 unless it carries a status.
function isConnectionLoss(err: Error): boolean {
  const code = (err as NodeJS.ErrnoException).code
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE'
}

function refuse(reply: Reply, err: Error, done: BodyDone): void {
  // The rest of the body stays unread: close the connection after the answer, and process no
  // request pipelined behind it meanwhile (its answer would be cut by the close).
  reply.header('connection', 'close')
  endConnectionAfter(reply.request.raw)
  done(err)
}

function aborted(request: Request, reply: Reply): void {
  reply.hijacked = true
  request.log.info({ reqId: request.id }, 'request aborted while reading the body')
}

/**
 * Calls a parser in any of its forms: `done(err, body)`, a returned promise, or a throw.
 * `done()` with no arguments is a success with an undefined body (@fastify/multipart's
 * parser ends that way). An error without a status of its own is a 500, as in Fastify.
 */
function callParser(fn: Function, request: Request, input: unknown, done: BodyDone): void {
  let settled = false
  const once: BodyDone = (err, body) => {
    if (settled) return
    settled = true
    done(err ?? null, body)
  }
  let result: unknown
  try {
    result = fn(request as unknown as ArborRequest, input, once)
  } catch (err) {
    once(err as Error)
    return
  }
  if (
    result !== undefined &&
    result !== null &&
    typeof (result as Promise<unknown>).then === 'function'
  ) {
    ;(result as Promise<unknown>).then(
      (body) => once(null, body),
      (err: unknown) => once(err instanceof Error ? err : new Error(String(err))),
    )
  }
}
