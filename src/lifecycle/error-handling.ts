import { STATUS_CODES } from 'node:http'
import { errorCodes } from '../errors.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'
import { selectSerializer } from '../schema/serialization.ts'
import type { ArborErrorLike, ErrorHandler } from '../types/instance.ts'
import { runObserverHooks } from './hook-runner.ts'
import { logsRequestErrors } from './request-logging.ts'
import { sendResult, warnAlreadySent } from './send-result.ts'
import { settleThenable } from './thenable.ts'
import { write } from './write.ts'

/**
 * The error path's entry for a failure: an Error, or any value a handler or hook threw or
 * rejected with, passed on as it is (Fastify does not wrap it). A reply already sent only
 * gets send's FST_ERR_REP_ALREADY_SENT warning.
 */
export function sendFailure(reply: Reply, failure: unknown): void {
  // Too late to answer with it (sent or hijacked): a warning, as Fastify's reply.send(err) gives.
  if (reply.sent) return warnAlreadySent(reply, failure instanceof Error ? failure : undefined)
  handleError(reply, failure)
}

/**
 * The error path: onError hooks, then the route's error handler. A handler that throws or
 * sends an error hands it to its parent context's handler, without onError; arbor's default
 * handler ends the chain, so a loop is impossible. A failure to send the default handler's
 * answer (an onSend hook, a header node refuses) runs onError once more, as in Fastify, and is
 * answered by the last resort.
 */
export function handleError(reply: Reply, error: unknown): void {
  reply.payloadStarted = false
  const route = reply.route
  if (route.onError !== null && !reply.nextErrorHandler) {
    reply.runningOnErrorHook = true
    runObserverHooks(route.onError, reply.request, reply, error, true, () => {
      reply.runningOnErrorHook = false
      callErrorHandler(reply, error)
    })
    return
  }
  callErrorHandler(reply, error)
}

function callErrorHandler(reply: Reply, error: unknown): void {
  const next = reply.nextErrorHandler
  if (next === false) {
    // Every handler failed: answer from the error itself, skipping further hooks.
    const payload = serializeError(reply, asErrorLike(error))
    reply.payloadStarted = true
    // Nothing is left to answer a failure: a header node refuses is dropped (write-head.ts).
    write(reply, payload, null)
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
      error as ArborErrorLike,
      reply.request as never,
      reply as never,
    )
  } catch (thrown) {
    // the next handler up the chain gets it
    sendFailure(reply, thrown)
    return
  }
  if (result === undefined || result === reply) return
  if (result !== null && typeof (result as PromiseLike<unknown>).then === 'function') {
    settleThenable(result as PromiseLike<unknown>, reply, sendFailure)
    return
  }
  sendResult(reply, result)
}

/**
 * arbor's default error handler, as Fastify's: the status from the error (`status`, then
 * `statusCode`, from 400 to 599) or the one already set, else 500; a log line; an Error is
 * answered `{ statusCode, code, error, message }`, any other value is sent as the payload.
 */
function defaultErrorHandler(error: unknown, reply: Reply): void {
  const failure = error ?? new errorCodes.FST_ERR_SEND_UNDEFINED_ERR()
  const fields = (typeof failure === 'object' ? failure : {}) as ArborErrorLike & {
    headers?: Record<string, unknown>
  }
  if (fields.headers !== undefined && typeof fields.headers === 'object' && fields.headers !== null)
    reply.headers(fields.headers)
  reply.code(errorStatus(reply, fields))
  // In the Fastify 5 line, disableRequestLogging silences this line too (request-logging.ts).
  if (logsRequestErrors(reply)) {
    if (reply.statusCode < 500) reply.log.info({ res: reply, err: failure }, fields.message)
    else reply.log.error({ req: reply.request, res: reply, err: failure }, fields.message)
  }
  reply.nextErrorHandler = false
  if (!(failure instanceof Error)) {
    reply.send(failure)
    return
  }
  const payload = serializeError(reply, failure)
  reply.outHeaders['content-type'] = 'application/json; charset=utf-8'
  reply.send(payload)
}

function errorStatus(reply: Reply, error: { status?: unknown; statusCode?: unknown }): number {
  const status = httpErrorStatus(error.status)
  const statusCode = httpErrorStatus(error.statusCode)
  if (!reply.hasStatusCode || reply.statusCode === 200) return statusCode ?? status ?? 500
  return status ?? statusCode ?? (reply.statusCode >= 400 ? reply.statusCode : 500)
}

function httpErrorStatus(value: unknown): number | undefined {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n >= 400 && n <= 599 ? n : undefined
}

/** What the last-resort payload reads of a failure that may not be an Error. */
function asErrorLike(failure: unknown): ArborErrorLike {
  if (failure instanceof Error) return failure
  if (failure === undefined || failure === null) return new errorCodes.FST_ERR_SEND_UNDEFINED_ERR()
  if (typeof failure === 'object') return failure as ArborErrorLike
  return { name: 'Error', message: String(failure) }
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
    if (logsRequestErrors(reply)) {
      reply.log.error({ err }, 'the response schema could not serialize an error')
    }
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
