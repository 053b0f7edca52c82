import { STATUS_CODES } from 'node:http'
import { errorCodes } from '../errors.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'
import { selectSerializer } from '../schema/serialization.ts'
import type { ArborErrorLike, ErrorHandler } from '../types/instance.ts'
import { runObserverHooks, toError } from './hook-runner.ts'
import { sendResult } from './send-result.ts'
import { write } from './write.ts'

/**
 * The error path: onError hooks (once), then the route's error handler. A handler that throws
 * or sends an error hands it to its parent context's handler; arbor's default handler ends
 * the chain, so a loop is impossible.
 */
export function handleError(reply: Reply, error: Error): void {
  reply.payloadStarted = false
  const route = reply.route
  if (route.onError !== null && reply.nextErrorHandler === null) {
    reply.runningOnErrorHook = true
    runObserverHooks(route.onError, reply.request, reply, error, true, () => {
      reply.runningOnErrorHook = false
      callErrorHandler(reply, error)
    })
    return
  }
  callErrorHandler(reply, error)
}

function callErrorHandler(reply: Reply, error: ArborErrorLike): void {
  const next = reply.nextErrorHandler
  if (next === false) {
    // Every handler failed: answer from the error itself, skipping further hooks.
    const payload = serializeError(reply, error)
    reply.payloadStarted = true
    // A string payload: the write cannot fail, so no failure path is needed.
    write(reply, payload, () => {})
    return
  }
  const link = next ?? reply.route.errorHandler
  reply.nextErrorHandler = link.parent ?? false
  delete reply.outHeaders['content-type']
  delete reply.outHeaders['content-length']
  if (link.func === null) {
    defaultErrorHandler(error, reply)
    return
  }
  let result: unknown
  try {
    result = (link.func as ErrorHandler).call(
      link.instance!,
      error,
      reply.request as never,
      reply as never,
    )
  } catch (thrown) {
    reply.send(toError(thrown))
    return
  }
  if (result === undefined || result === reply) return
  if (result !== null && typeof (result as Promise<unknown>).then === 'function') {
    ;(result as Promise<unknown>).then(
      (payload) => {
        if (payload !== undefined && payload !== reply && !reply.sent) sendResult(reply, payload)
      },
      (thrown: unknown) => {
        if (!reply.sent) reply.send(toError(thrown))
      },
    )
    return
  }
  sendResult(reply, result)
}

/** arbor's default error handler: status from the error, a log line, a JSON payload. */
function defaultErrorHandler(error: ArborErrorLike, reply: Reply): void {
  const withHeaders = error as ArborErrorLike & { headers?: Record<string, unknown> }
  if (withHeaders.headers !== undefined && typeof withHeaders.headers === 'object')
    reply.headers(withHeaders.headers)
  if (!reply.hasStatusCode || reply.statusCode < 400) {
    const status = error.statusCode ?? error.status
    reply.code(typeof status === 'number' && status >= 400 && status <= 599 ? status : 500)
  }
  if (reply.statusCode < 500) {
    reply.log.info({ res: reply, err: error }, error.message)
  } else {
    reply.log.error({ req: reply.request, res: reply, err: error }, error.message)
  }
  const payload = serializeError(reply, error)
  reply.outHeaders['content-type'] = 'application/json; charset=utf-8'
  reply.nextErrorHandler = false
  reply.send(payload)
}

/** `{ statusCode, code, error, message }`, or the route's response schema for that status. */
function serializeError(reply: Reply, error: ArborErrorLike): string {
  const statusCode = reply.statusCode
  const name = STATUS_CODES[statusCode] ?? 'Error'
  const serializers = reply.route.serializers
  try {
    const fn =
      serializers === null ? undefined : selectSerializer(serializers, statusCode, undefined)
    if (fn !== undefined) {
      const out: unknown = fn(
        Object.create(error, {
          error: { value: name },
          message: { value: error.message },
          statusCode: { value: statusCode },
        }),
      )
      if (typeof out === 'string') return out
      if (Buffer.isBuffer(out)) return out.toString()
      // A custom serializer that returns no string: the default error payload says so (sending
      // `out` would serialize it again with the same serializer, without end).
      const invalid = new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof out)
      return JSON.stringify({
        statusCode: invalid.statusCode,
        code: invalid.code,
        message: invalid.message,
      })
    }
  } catch (err) {
    reply.log.error({ err }, 'the response schema could not serialize an error')
    reply.code(500)
    const failed = new errorCodes.FST_ERR_FAILED_ERROR_SERIALIZATION(
      (err as Error).message,
      error.message,
    )
    return JSON.stringify({
      statusCode: 500,
      code: failed.code,
      error: STATUS_CODES[500],
      message: failed.message,
    })
  }
  return JSON.stringify({
    statusCode,
    code: typeof error.code === 'string' ? error.code : undefined,
    error: name,
    message: error.message ?? '',
  })
}
