import type { Readable } from 'node:stream'
import { errorCodes } from '../errors.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'
import { selectSerializer } from '../schema/serialization.ts'
import { handleError } from './error-handling.ts'
import { runPayloadHooks } from './hook-runner.ts'
import { warnAlreadySent } from './send-result.ts'
import { isWebPayload } from './web-payload.ts'
import { write } from './write.ts'

const JSON_TYPE = 'application/json; charset=utf-8'
const TEXT_TYPE = 'text/plain; charset=utf-8'
const OCTET_TYPE = 'application/octet-stream'

/**
 * `reply.send(payload)`: picks the content type, serializes, runs onSend, writes. A payload the
 * write refuses while this call is still running (no async hook in between) makes it throw, as
 * Fastify's does: FST_ERR_REP_INVALID_PAYLOAD_TYPE for one that is neither string, Buffer nor
 * stream, FST_ERR_REP_READABLE_STREAM_LOCKED or FST_ERR_REP_RESPONSE_BODY_CONSUMED for a web
 * stream or a Response body that cannot be read.
 */
export function sendReply(reply: Reply, payload: unknown): void {
  if (reply.runningOnErrorHook) throw new errorCodes.FST_ERR_SEND_INSIDE_ONERR()
  if (reply.sent) return warnAlreadySent(reply)
  const outer = reply.sendingSync
  reply.sendingSync = true
  try {
    startSend(reply, payload)
  } finally {
    reply.sendingSync = outer
  }
  const invalid = reply.invalidPayload
  if (invalid === null || outer) return
  reply.invalidPayload = null
  // The error path's own reply could not be written: its next error handler answers.
  if (payload instanceof Error) return failSend(reply, invalid)
  throw invalid
}

function startSend(reply: Reply, payload: unknown): void {
  if (payload instanceof Error) {
    handleError(reply, payload)
    return
  }
  reply.payloadStarted = true
  if (payload === undefined) return onSend(reply, payload)

  const headers = reply.outHeaders
  // As Fastify's getHeader: a type set on reply.raw (express's res.json, before its send calls
  // reply.send) counts when the reply has none of its own.
  const contentType = (headers['content-type'] ?? rawContentType(reply)) as string | undefined
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
    // A web stream or a fetch Response goes to onSend as it is (write.ts unwraps a Response).
    if (typeof payload === 'object' && isWebPayload(payload)) return onSend(reply, payload)
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

function rawContentType(reply: Reply): string | undefined {
  const value = reply.raw.getHeader('content-type')
  return typeof value === 'string' ? value : undefined
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
    text = serializePayload(reply, payload)
  } catch (err) {
    // Marks the error as a serialization failure for error handlers, with the route's config.
    if (typeof err === 'object' && err !== null) {
      ;(err as { serialization?: unknown }).serialization = reply.route.config
    }
    return failSend(reply, err as Error)
  }
  onSend(reply, text)
}

/**
 * `reply.serialize(payload)` and the send path: the reply's own serializer, else the context's
 * reply serializer (`setReplySerializer`), else the route's response schema for the status.
 */
export function serializePayload(reply: Reply, payload: unknown): string {
  if (reply.customSerializer !== null) return reply.customSerializer(payload)
  const replySerializer = reply.route.replySerializer
  if (replySerializer !== null) return replySerializer(payload, reply.raw.statusCode)
  return serializeWithRoute(reply, payload)
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
  if (hooks === null) return write(reply, payload, failSend)
  runPayloadHooks(hooks, reply.request, reply, payload, (err, _request, r, newPayload) => {
    if (err !== null) return failSend(r, err)
    write(r, newPayload, failSend)
  })
}

function failSend(reply: Reply, err: unknown): void {
  reply.payloadStarted = false
  handleError(reply, err)
}
