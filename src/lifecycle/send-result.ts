import { errorCodes } from '../errors.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'

/**
 * Sends what the application handed back (a handler's or an error handler's return value).
 * A payload send() refuses (FST_ERR_REP_INVALID_PAYLOAD_TYPE) is answered as an error rather
 * than thrown where nobody catches it; after a send, this warns as a second send does.
 */
export function sendResult(reply: Reply, payload: unknown): void {
  try {
    reply.send(payload)
  } catch (err) {
    reply.send(err as Error)
  }
}

/** A send after the reply was sent or hijacked: a warning with FST_ERR_REP_ALREADY_SENT. */
export function warnAlreadySent(reply: Reply, cause?: Error): void {
  const request = reply.request
  const err = new errorCodes.FST_ERR_REP_ALREADY_SENT(request.url, request.method)
  if (cause !== undefined) (err as Error & { cause?: unknown }).cause = cause
  reply.log.warn({ err }, err.message)
}
