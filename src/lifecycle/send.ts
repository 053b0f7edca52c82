import type { Readable } from 'node:stream'
import { errorCodes } from '../errors.ts'
import type { Reply } from '../reply.ts'
import type { Request } from '../request.ts'
import { selectSerializer } from '../schema/serialization.ts'
import { handleError } from './error-handling.ts'
import { runObserverHooks, runPayloadHooks } from './hook-runner.ts'

const JSON_TYPE = 'application/json; charset=utf-8'
const TEXT_TYPE = 'text/plain; charset=utf-8'
const OCTET_TYPE = 'application/octet-stream'

/** `reply.send(payload)`: picks the content type, serializes, runs onSend, writes. */
export function sendReply(reply: Reply, payload: unknown): void {
  if (reply.runningOnErrorHook) throw new errorCodes.FST_ERR_SEND_INSIDE_ONERR()
  if (reply.sent) {
    const request = reply.request
    const err = new errorCodes.FST_ERR_REP_ALREADY_SENT(request.url, request.method)
    reply.log.warn({ err }, err.message)
    return
  }
  if (payload instanceof Error) {
    handleError(reply, payload)
    return
  }
  reply.payloadStarted = true
  if (payload === undefined) return onSend(reply, payload)

  const headers = reply.outHeaders
  const contentType = headers['content-type'] as string | undefined
  if (payload !== null) {
    if (typeof (payload as Readable).pipe === 'function') return onSend(reply, payload)
    if ((payload as Uint8Array).buffer instanceof ArrayBuffer) {
      if (contentType === undefined) headers['content-type'] = OCTET_TYPE
      const view = payload as Uint8Array
      const buf = Buffer.isBuffer(view)
        ? view
        : Buffer.from(view.buffer, view.byteOffset, view.byteLength)
      return onSend(reply, buf)
    }
    if (contentType === undefined && typeof payload === 'string') {
      headers['content-type'] = TEXT_TYPE
      return onSend(reply, payload)
    }
  }
  if (reply.customSerializer !== null) {
    if (typeof payload !== 'string') return preSerialization(reply, payload)
    return onSend(reply, reply.customSerializer(payload))
  }
  if (contentType === undefined || contentType.includes('json')) {
    if (contentType === undefined) headers['content-type'] = JSON_TYPE
    else if (!contentType.includes('charset')) {
      const trimmed = contentType.trim()
      headers['content-type'] = trimmed.endsWith(';')
        ? `${trimmed} charset=utf-8`
        : `${trimmed}; charset=utf-8`
    }
    if (typeof payload !== 'string') return preSerialization(reply, payload)
  }
  onSend(reply, payload)
}

function preSerialization(reply: Reply, payload: unknown): void {
  const hooks = reply.route.preSerialization
  if (hooks === null) return serializeAndSend(reply, payload)
  runPayloadHooks(hooks, reply.request, reply, payload, (err, _request, r, newPayload) => {
    if (err !== null) return failSend(r, err)
    serializeAndSend(r, newPayload)
  })
}

function serializeAndSend(reply: Reply, payload: unknown): void {
  let text: string
  try {
    text =
      reply.customSerializer !== null
        ? reply.customSerializer(payload)
        : serializeWithRoute(reply, payload)
  } catch (err) {
    return failSend(reply, err as Error)
  }
  onSend(reply, text)
}

/** Serializes with the route's response schema for the status, or JSON.stringify. */
export function serializeWithRoute(reply: Reply, payload: unknown): string {
  const serializers = reply.route.serializers
  if (serializers !== null) {
    const fn = selectSerializer(
      serializers,
      reply.raw.statusCode,
      reply.outHeaders['content-type'] as string | undefined,
    )
    if (fn !== undefined) return fn(payload)
  }
  return JSON.stringify(payload)
}

function onSend(reply: Reply, payload: unknown): void {
  const hooks = reply.route.onSend
  if (hooks === null) return write(reply, payload)
  runPayloadHooks(hooks, reply.request, reply, payload, (err, _request, r, newPayload) => {
    if (err !== null) return failSend(r, err)
    write(r, newPayload)
  })
}

function failSend(reply: Reply, err: Error): void {
  reply.payloadStarted = false
  handleError(reply, err)
}

/** Writes status, headers and payload to the socket. */
export function write(reply: Reply, payload: unknown): void {
  const res = reply.raw
  const headers = reply.outHeaders
  const statusCode = res.statusCode
  if (res.headersSent || res.writableEnded) return
  if (payload === undefined || payload === null) {
    if (
      statusCode >= 200 &&
      statusCode !== 204 &&
      statusCode !== 304 &&
      reply.request.raw.method !== 'HEAD'
    ) {
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
  if (typeof (payload as Readable).pipe === 'function')
    return sendStream(reply, payload as Readable)
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    return failSend(reply, new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))
  }
  const declared = headers['content-length']
  const length = Buffer.byteLength(payload)
  if (
    declared === undefined ||
    (reply.request.raw.method !== 'HEAD' && Number(declared) !== length)
  ) {
    headers['content-length'] = String(length)
  }
  writeHead(reply, statusCode)
  // node drops a HEAD body on real sockets; inject's response does not, so drop it here
  if (reply.request.raw.method === 'HEAD') res.end()
  else res.end(payload)
}

function writeHead(reply: Reply, statusCode: number): void {
  try {
    reply.raw.writeHead(statusCode, reply.outHeaders as Record<string, string | string[]>)
  } catch (err) {
    // An invalid header value written by the application: answer 500 rather than crash.
    reply.log.error({ err }, 'invalid response header')
    reply.raw.writeHead(500, { 'content-type': JSON_TYPE })
  }
}

function sendStream(reply: Reply, stream: Readable): void {
  const res = reply.raw
  let errored = false
  stream.once('error', (err: Error) => {
    errored = true
    if (!res.headersSent) return failSend(reply, err)
    reply.log.warn({ err }, 'response stream failed after the headers were sent')
    res.destroy()
  })
  res.once('close', () => {
    if (!stream.destroyed && typeof stream.destroy === 'function') stream.destroy()
  })
  writeHeadOnFirstData(reply, stream, () => errored)
}

function writeHeadOnFirstData(reply: Reply, stream: Readable, failed: () => boolean): void {
  const res = reply.raw
  // Headers wait for the stream's first chunk, so an immediate stream error can still be
  // answered with a proper error response.
  const start = () => {
    if (failed() || res.headersSent || res.writableEnded) return
    writeHead(reply, res.statusCode)
  }
  stream.once('data', start)
  stream.once('end', start)
  stream.pipe(res)
}

/** Runs once the response closed: onRequestAbort or onResponse hooks, then the completion log. */
export function onResponseFinished(request: Request, reply: Reply, logRequests: boolean): void {
  const route = reply.route
  const res = reply.raw
  // writableEnded, not writableFinished: light-my-request's response (inject) ends without
  // ever flushing to a socket, so writableFinished stays false there.
  if (!res.writableEnded) {
    if (route.onRequestAbort !== null) {
      runObserverHooks(route.onRequestAbort, request, null, undefined, false)
    }
    if (logRequests) reply.log.info({ res: reply }, 'request aborted by the client')
    return
  }
  const done = () => {
    if (logRequests) {
      reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
    }
  }
  if (route.onResponse !== null)
    runObserverHooks(route.onResponse, request, reply, undefined, false, done)
  else done()
}

function noop(): void {}
