import diagnostics from 'node:diagnostics_channel'
import type { RoutedReply as Reply, RoutedRequest as Request } from '../request/route-context.ts'
import { sendFailure } from './error-handling.ts'
import { sendResult } from './send-result.ts'
import { settleFulfilled, settleRejected } from './thenable.ts'

// Fastify 5's tracing of the route handler, on node:diagnostics_channel: the channels
// `tracing:fastify.request.handler:{start,end,asyncStart,asyncEnd,error}`. APM tools subscribe
// to them. Nothing here runs unless one of the five has a subscriber: the pipeline reads
// `handlerChannels.hasSubscribers` (five getters, no allocation) and calls the handler itself
// otherwise.

/** What every event of one handler call carries: the same object from start to end. */
export interface HandlerTrace {
  request: Request
  reply: Reply
  /** true once the handler returned a promise (asyncStart and asyncEnd follow) */
  async: boolean
  route: { url: unknown; method: unknown }
  /** the error the handler threw or rejected with, or the one the preHandler hooks passed on */
  error?: unknown
}

/** The tracing channel of the route handler, as Fastify 5 names it. */
export const handlerChannels = diagnostics.tracingChannel<HandlerTrace, HandlerTrace>(
  'fastify.request.handler',
)

// Bun (1.4) implements tracing channels without the `hasSubscribers` getter Node has had since
// 20.13: read as undefined, it would leave the handler untraced for every subscriber. Where it
// is missing, the same getter is defined once here over the five channels, so the pipeline's
// check stays one property read on every runtime.
if (typeof handlerChannels.hasSubscribers !== 'boolean') {
  const { start, end, asyncStart, asyncEnd, error } = handlerChannels
  Object.defineProperty(handlerChannels, 'hasSubscribers', {
    get: () =>
      start.hasSubscribers ||
      end.hasSubscribers ||
      asyncStart.hasSubscribers ||
      asyncEnd.hasSubscribers ||
      error.hasSubscribers,
  })
}

/**
 * Runs the route handler inside `start` … `end`, as Fastify 5 does, once a subscriber listens.
 * `err` is what the preHandler hooks passed on: it is published on `error` too.
 */
export function runTracedHandler(err: unknown, request: Request, reply: Reply): void {
  if (err === null && reply.sent) return
  const config = reply.route.config
  const trace: HandlerTrace = {
    request,
    reply,
    async: false,
    route: { url: config.url, method: config.method },
  }
  handlerChannels.start.runStores(trace, tracedHandler, undefined, err, trace)
}

function tracedHandler(err: unknown, trace: HandlerTrace): void {
  const reply = trace.reply
  try {
    if (err !== null) return failTraced(trace, err)
    const route = reply.route
    let result: unknown
    try {
      result = route.handler.call(route.instance, trace.request, reply)
    } catch (thrown) {
      return failTraced(trace, thrown)
    }
    if (result === undefined || result === reply) return
    if (result !== null && typeof (result as PromiseLike<unknown>).then === 'function') {
      trace.async = true
      ;(result as PromiseLike<unknown>).then(
        (payload) => fulfilledTraced(trace, payload),
        (thrown: unknown) => rejectedTraced(trace, thrown),
      )
    } else {
      sendResult(reply, result)
    }
  } finally {
    handlerChannels.end.publish(trace)
  }
}

/** The error event: its reply already has the status the error asks for (Fastify 5's order). */
function publishError(trace: HandlerTrace, err: unknown): void {
  trace.error = err
  setErrorStatus(trace.reply, err)
  handlerChannels.error.publish(trace)
}

function failTraced(trace: HandlerTrace, err: unknown): void {
  publishError(trace, err)
  sendFailure(trace.reply, err)
}

function fulfilledTraced(trace: HandlerTrace, payload: unknown): void {
  if (trace.reply.hijacked) return
  handlerChannels.asyncStart.publish(trace)
  try {
    settleFulfilled(trace.reply, payload, sendFailure)
  } finally {
    handlerChannels.asyncEnd.publish(trace)
  }
}

function rejectedTraced(trace: HandlerTrace, err: unknown): void {
  // error comes before asyncStart, as in Fastify 5
  publishError(trace, err)
  handlerChannels.asyncStart.publish(trace)
  try {
    settleRejected(trace.reply, err, sendFailure)
  } finally {
    handlerChannels.asyncEnd.publish(trace)
  }
}

/**
 * The status an error asks for, set before the error event so that subscribers read the reply's
 * final status in the usual case: the error's `statusCode`, else its `status` (400 to 599),
 * else 500; a status the application chose (other than 200) is kept. A custom error handler
 * may still change it afterwards.
 */
function setErrorStatus(reply: Reply, err: unknown): void {
  if (reply.hasStatusCode && reply.statusCode !== 200) return
  const fields = (typeof err === 'object' && err !== null ? err : {}) as {
    statusCode?: unknown
    status?: unknown
  }
  let status = 500
  if (isErrorStatus(fields.statusCode)) status = fields.statusCode
  else if (isErrorStatus(fields.status)) status = fields.status
  reply.code(status)
}

function isErrorStatus(value: unknown): value is number {
  return typeof value === 'number' && value >= 400 && value <= 599
}
