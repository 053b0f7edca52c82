import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Http2ServerRequest } from 'node:http2'
import type { Readable } from 'node:stream'
import { assertLogger, isSilent } from '../config/logger.ts'
import { errorCodes } from '../errors.ts'
import type {
  RoutedReply as Reply,
  RoutedRequest as Request,
  RouteContext,
} from '../request/route-context.ts'
import { runValidator, type ValidationOutcome } from '../schema/validation.ts'
import type { ArborLogger } from '../types/logger.ts'
import { parseBody } from './body-reader.ts'
import { watchResponse } from './completion.ts'
import { sendFailure } from './error-handling.ts'
import { handlerChannels, runTracedHandler } from './handler-tracing.ts'
import { runPayloadHooks, runRequestHooks } from './hook-runner.ts'
import { requestLogDisabled } from './request-logging.ts'
import { sendResult } from './send-result.ts'
import { watchSocketTimeout } from './socket-timeout.ts'
import { settleThenable } from './thenable.ts'

// The request lifecycle, in the order of docs/hooks.md:
// routing → onRequest → preParsing → body parsing → preValidation → validation →
// preHandler → handler → (reply) preSerialization → serialization → onSend → write → onResponse

/** find-my-way's handler for every route: builds request and reply and starts the chain. */
export function handleRoute(
  this: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string | undefined>,
  route: RouteContext,
  query: Record<string, unknown>,
): void {
  startRequest(route, req, res, params, query)
}

/**
 * The same for an application of the Fastify 4 line (row `nullPrototypeParams`): the router
 * gives a null-prototype params object, as Fastify 5's does; Fastify 4.25's was a plain object,
 * on which an application may call `hasOwnProperty`. Chosen per route when it is registered.
 */
export function handleRouteWithPlainParams(
  this: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string | undefined>,
  route: RouteContext,
  query: Record<string, unknown>,
): void {
  startRequest(route, req, res, { ...params }, query)
}

export function startRequest(
  route: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  params: unknown,
  query: unknown,
): void {
  const app = route.app
  const id = route.genReqId(req)
  const log =
    route.loggerFactory !== null
      ? requestLogger(route, id, req)
      : isSilent(route.logger)
        ? route.logger
        : route.logger.child({ [app.options.requestIdLogLabel]: id })
  const request = new route.Request(id, params, req, query, log, route)
  const reply = new route.Reply(res, request, log, route)
  const disable = app.options.disableRequestLogging
  const logging = log.level !== 'silent'
  if (logging && (disable === false || !requestLogDisabled(disable, request))) {
    log.info({ req: request }, 'incoming request')
  }
  // A disableRequestLogging function is asked again when the response ends, as Fastify 5 asks
  // it at each line (completion.ts).
  const logRequests = logging && disable !== true
  if (logRequests || route.onResponse !== null || route.onRequestAbort !== null) {
    watchResponse(request, reply, logRequests)
  }
  if (route.onTimeout !== null && app.options.connectionTimeout > 0) {
    // HTTP/2's `req.socket` is a proxy that binds listeners to the request's stream: the
    // stream is what times out, and it carries one request.
    const emitter =
      req.httpVersionMajor === 2 ? (req as unknown as Http2ServerRequest).stream : req.socket
    watchSocketTimeout(reply, emitter)
  }
  if (route.onRequest !== null) runRequestHooks(route.onRequest, request, reply, afterOnRequest)
  else afterOnRequest(null, request, reply)
}

/**
 * A request's logger from a custom child logger factory (`this` is the route's instance);
 * what it returns must be a logger, or the request fails with FST_ERR_LOG_INVALID_LOGGER.
 */
function requestLogger(route: RouteContext, id: string, req: IncomingMessage): ArborLogger {
  const bindings = { [route.app.options.requestIdLogLabel]: id }
  const child: unknown = route.loggerFactory!.call(
    route.instance,
    route.logger,
    bindings,
    { ...route.loggerOptions },
    req,
  )
  assertLogger(child)
  return child
}

function afterOnRequest(err: unknown, request: Request, reply: Reply): void {
  if (err !== null) return sendError(reply, err)
  if (reply.sent) return
  const route = reply.route
  if (route.preParsing !== null) {
    runPayloadHooks(route.preParsing, request, reply, request.raw, afterPreParsing, true)
  } else {
    readBody(request, reply, request.raw)
  }
}

function afterPreParsing(err: unknown, request: Request, reply: Reply, payload: unknown): void {
  if (err !== null) return sendError(reply, err)
  if (reply.sent) return
  readBody(request, reply, payload as Readable)
}

/**
 * Which bodies are read: DESIGN.md "Divergences" 3, by how the app's line and `addHttpMethod`
 * say the method's body is read (config/http-methods.ts `MethodBody`).
 */
function readBody(request: Request, reply: Reply, payload: Readable): void {
  const raw = request.raw
  const route = reply.route
  const mode = route.methodBody ?? route.app.methods.bodyOf(raw.method ?? 'GET')
  // Node builds `req.headers` lazily; a GET never needs it here.
  if (mode === 'none' || mode === 'unread') return preValidation(request, reply)
  const headers = raw.headers
  const contentType = headers['content-type']
  const length = headers['content-length']
  const chunked = headers['transfer-encoding'] !== undefined
  if (mode === 'announced') {
    // Fastify 4.25's DELETE and OPTIONS: parsed when they name a content type and announce a
    // body, even an empty one (`Content-Length: 0` reaches the parser, as in Fastify)
    if (contentType === undefined || (!chunked && length === undefined)) {
      return preValidation(request, reply)
    }
  } else {
    const empty = !chunked && (length === undefined || length === '0')
    if (mode === 'required' && !route.isNotFound) {
      // RFC 10008 section 2: a QUERY names its media type and carries the query (an unmatched
      // URL still answers 404, as every other body does)
      if (contentType === undefined) {
        return sendError(reply, new errorCodes.FST_ERR_ROUTE_MISSING_CONTENT_TYPE(raw.method))
      }
      if (empty) return sendError(reply, new errorCodes.FST_ERR_ROUTE_MISSING_CONTENT(raw.method))
    }
    // no content type and no body: nothing to parse
    if (contentType === undefined && empty) return preValidation(request, reply)
  }
  const parser = route.parsers.find(contentType ?? '')
  if (parser === null) {
    // An unmatched URL answers 404 whatever its body: the not-found handler runs unparsed.
    if (route.isNotFound) return preValidation(request, reply)
    return sendError(reply, new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(contentType))
  }
  parseBody(request, reply, payload, parser, route.bodyLimit, (parseErr, body) => {
    if (parseErr != null) return sendError(reply, parseErr)
    request.body = body
    preValidation(request, reply)
  })
}

function preValidation(request: Request, reply: Reply): void {
  const route = reply.route
  if (route.preValidation !== null) runRequestHooks(route.preValidation, request, reply, validate)
  else validate(null, request, reply)
}

/** Schema validation; it completes before any preHandler hook runs (spec "States and transitions"). */
function validate(err: unknown, request: Request, reply: Reply): void {
  if (err !== null) return sendError(reply, err)
  if (reply.sent) return
  validateFrom(0, request, reply)
}

/** Validates the route's parts from index `start` on; an `$async` validator resumes it later. */
function validateFrom(start: number, request: Request, reply: Reply): void {
  const route = reply.route
  const validators = route.validators
  if (validators !== null) {
    for (let i = start; i < validators.length; ) {
      const [part, dataVar, validator] = validators[i]!
      const data =
        part === 'params'
          ? request.params
          : part === 'body'
            ? request.body
            : part === 'querystring'
              ? request.query
              : request.raw.headers
      let fn = validator
      if (fn instanceof Map) {
        // `schema.body.content`: the schema of the request's media type. A body of a media
        // type the route lists no schema for is refused rather than let through unvalidated
        // (DESIGN.md "Divergences" 3); a request without a body has nothing to validate.
        const chosen = fn.get(request.mediaType ?? '')
        if (chosen === undefined) {
          if (data === undefined) {
            i++
            continue
          }
          const type = request.raw.headers['content-type']
          return sendError(reply, new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(type))
        }
        fn = chosen
      }
      let outcome: ValidationOutcome
      try {
        // An absent part is validated as null, as Fastify does (a `['object', 'null']` body
        // schema accepts a request without a body).
        outcome = runValidator(fn, data ?? null, dataVar, route.schemaErrorFormatter)
      } catch (thrown) {
        return sendError(reply, thrown)
      }
      if (outcome.pending !== undefined) {
        const at = i
        outcome.pending.then(
          (settled) => {
            const next = applyOutcome(settled, part, at, request, reply)
            if (next >= 0) validateFrom(next, request, reply)
          },
          (thrown: unknown) => sendError(reply, thrown),
        )
        return
      }
      i = applyOutcome(outcome, part, i, request, reply)
      if (i < 0) return
    }
  }
  if (route.preHandler !== null) runRequestHooks(route.preHandler, request, reply, runHandler)
  else runHandler(null, request, reply)
}

/** Applies one part's outcome: the index of the next part to validate, or -1 once replied. */
function applyOutcome(
  outcome: ValidationOutcome,
  part: string,
  i: number,
  request: Request,
  reply: Reply,
): number {
  if (outcome.error !== null) {
    if (!reply.route.attachValidation) {
      sendError(reply, outcome.error)
      return -1
    }
    // The handler runs with the first failure attached; later parts are not validated.
    request.validationError = outcome.error
    return Number.POSITIVE_INFINITY
  }
  if (outcome.hasValue) {
    if (part === 'params') request.params = outcome.value
    else if (part === 'body') request.body = outcome.value
    else if (part === 'querystring') request.query = outcome.value
    else request.raw.headers = outcome.value as IncomingMessage['headers']
  }
  return i + 1
}

export function runHandler(err: unknown, request: Request, reply: Reply): void {
  // Fastify 5's diagnostics channels, when anyone listens; not-found handlers are not traced
  if (handlerChannels.hasSubscribers && !reply.route.isNotFound) {
    return runTracedHandler(err, request, reply)
  }
  if (err !== null) return sendError(reply, err)
  if (reply.sent) return
  const route = reply.route
  let result: unknown
  try {
    result = route.handler.call(route.instance, request, reply)
  } catch (thrown) {
    return sendError(reply, thrown)
  }
  // `return reply` (or nothing) means the handler sends, now or later.
  if (result === undefined || result === reply) return
  if (result !== null && typeof (result as PromiseLike<unknown>).then === 'function') {
    settleThenable(result as PromiseLike<unknown>, reply, sendError)
  } else {
    // After a send, this warns FST_ERR_REP_ALREADY_SENT, as a second send does.
    sendResult(reply, result)
  }
}

/** Hands a failure (an Error or any value thrown or rejected) to the error path. */
function sendError(reply: Reply, err: unknown): void {
  sendFailure(reply, err)
}
