import type { Readable } from 'node:stream'
import { errorCodes } from '../errors.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'
import { selectSerializer } from '../schema/serialization.ts'
import { handleError } from './error-handling.ts'
import { runPayloadHooks } from './hook-runner.ts'
import { write } from './write.ts'

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
