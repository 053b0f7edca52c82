import { errorCodes } from '../errors.ts'
import { headWritten } from '../request/head-written.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'

/** Enters the error path with whatever was thrown or rejected, as it is. */
export type Fail = (reply: Reply, failure: unknown) => void

/**
 * What a promise returned by a handler (or an error handler) becomes, as Fastify's
 * wrapThenable does it: a resolved value goes to `reply.send` (so a value returned after the
 * reply was sent gets send's FST_ERR_REP_ALREADY_SENT warning); `undefined` is sent only when
 * nothing was sent and the client has not aborted (an empty 200 unless a status was set, and
 * FST_ERR_PROMISE_NOT_FULFILLED logged at warn when no status was set); a rejection enters the error path, or is logged when
 * the reply is already sent.
 */
export function settleThenable(thenable: PromiseLike<unknown>, reply: Reply, fail: Fail): void {
  thenable.then(
    (payload) => settleFulfilled(reply, payload, fail),
    (err: unknown) => settleRejected(reply, err, fail),
  )
}

/** A handler's promise resolved with `payload`: it is sent, unless the reply is taken care of. */
export function settleFulfilled(reply: Reply, payload: unknown, fail: Fail): void {
  // `return reply` after sending (reply.send() returns the reply) says it is sent
  if (reply.hijacked || payload === reply) return
  if (payload === undefined) {
    if (reply.sent || headWritten(reply.raw) || reply.request.raw.aborted) return
    // Fastify 4.25 sends the empty reply without an error line, and apps alert on error
    // lines; arbor still names the likely mistake, at warn, unless a status was chosen
    // (`reply.code(204)` and return is a deliberate empty answer).
    if (!reply.hasStatusCode) {
      reply.log.warn(
        { err: new errorCodes.FST_ERR_PROMISE_NOT_FULFILLED() },
        'async handler resolved to undefined without sending a reply; sending an empty response',
      )
    }
  }
  try {
    reply.send(payload)
  } catch (err) {
    fail(reply, err)
  }
}

/** A handler's promise rejected: the error path, or a log line once the reply is sent. */
export function settleRejected(reply: Reply, err: unknown, fail: Fail): void {
  if (reply.sent) {
    reply.log.error({ err }, 'Promise errored, but reply.sent = true was set')
    return
  }
  fail(reply, err)
}
