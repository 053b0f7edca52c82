import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http'
import { knownMethods } from '../config/http-methods.ts'
import { queryParserOf } from '../config/options.ts'
import { errorCodes } from '../errors.ts'
import { headWritten } from '../request/head-written.ts'
import {
  type AppRuntime,
  type RoutedReply as Reply,
  type RoutedRequest as Request,
  RouteContext,
} from '../request/route-context.ts'
import { bareRequest } from './bare-request.ts'
import { runRequestHooks } from './hook-runner.ts'
import { runHandler, startRequest } from './pipeline.ts'
import { logsRequestErrors } from './request-logging.ts'
import { answerUnknownMethod } from './unknown-method.ts'

/**
 * arbor's 404 answer, logged at info as Fastify does:
 * `{ message: 'Route GET:/nope not found', error: 'Not Found', statusCode: 404 }`.
 */
export function defaultNotFoundHandler(request: Request, reply: Reply): void {
  const { method, url } = request.raw
  const message = `Route ${method}:${url} not found`
  if (logsRequestErrors(reply)) request.log.info(message)
  reply.code(404).send({ message, error: 'Not Found', statusCode: 404 })
}

/**
 * The not-found route for a URL: the one set by the deepest context whose prefix the URL is
 * under (setNotFoundHandler works per prefix). The list is kept longest prefix first.
 */
export function notFoundRouteFor(app: AppRuntime, url: string): RouteContext {
  const routes = app.notFoundRoutes
  for (let i = 0; i < routes.length; i++) {
    const route = routes[i]!
    const prefix = route.prefix
    if (prefix === '' || underPrefix(url, prefix)) return route
  }
  return routes[routes.length - 1]!
}

function underPrefix(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false
  if (prefix.endsWith('/')) return true // a prefix such as '/v1/' keeps its slash
  const next = url.charCodeAt(prefix.length)
  return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */
}

/** find-my-way's default route: runs the whole lifecycle with the not-found route. */
export function routeNotFound(app: AppRuntime, req: IncomingMessage, res: ServerResponse): void {
  const route = notFoundRouteFor(app, req.url ?? '/')
  if (!knownMethods.has(req.method!)) return answerUnknownMethod(route, req, res)
  startRequest(route, req, res, {}, parseQuery(app, req.url ?? '/'))
}

/**
 * find-my-way's bad-URL callback. With `frameworkErrors`, that handler gets FST_ERR_BAD_URL and
 * a request and reply of their own (no hooks; `reply.callNotFound()` answers a plain 404);
 * otherwise the 400 is written at once, before any hook, as Fastify does.
 */
export function routeBadUrl(
  app: AppRuntime,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const error = new errorCodes.FST_ERR_BAD_URL(path)
  if (app.options.frameworkErrors === undefined) writeFrameworkError(res, error, true)
  else passToFrameworkErrors(app, error, req, res)
}

/**
 * find-my-way's callback for a parameter longer than `maxParamLength`, in the Fastify 5 line
 * (row `maxParamLengthError`): FST_ERR_MAX_PARAM_LENGTH, a 414, or `frameworkErrors`.
 */
export function routeMaxParamLength(
  app: AppRuntime,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const error = new errorCodes.FST_ERR_MAX_PARAM_LENGTH(path)
  if (app.options.frameworkErrors === undefined) writeFrameworkError(res, error, true)
  else passToFrameworkErrors(app, error, req, res)
}

/**
 * An async constraint strategy's deriveConstraint failed: FST_ERR_ASYNC_CONSTRAINT goes to
 * `frameworkErrors`, else Fastify's 500 answer (which carries no code).
 */
export function routeConstraintError(
  app: AppRuntime,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const error = new errorCodes.FST_ERR_ASYNC_CONSTRAINT()
  if (app.options.frameworkErrors === undefined) {
    if (!headWritten(res)) writeFrameworkError(res, error, false)
  } else passToFrameworkErrors(app, error, req, res)
}

// Fastify's answer to an error raised before routing, written at once, before any hook.
function writeFrameworkError(
  res: ServerResponse,
  error: Error & { code?: string; statusCode?: number },
  withCode: boolean,
): void {
  const status = error.statusCode ?? 500
  const body = JSON.stringify({
    error: STATUS_CODES[status],
    ...(withCode ? { code: error.code } : {}),
    message: error.message,
    statusCode: status,
  })
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  })
  res.end(body)
}

// `frameworkErrors` gets the error with a request and reply of their own (no hooks).
function passToFrameworkErrors(
  app: AppRuntime,
  error: Error,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const handler = app.options.frameworkErrors!
  const route = frameworkErrorsRoute(app)
  const { request, reply } = bareRequest(route, req, res)
  handler(error, request as never, reply as never)
}

const frameworkErrorsRoutes = new WeakMap<AppRuntime, RouteContext>()

// The root's classes and logger, without its hooks or error handlers (Fastify's onBadUrl context).
function frameworkErrorsRoute(app: AppRuntime): RouteContext {
  let route = frameworkErrorsRoutes.get(app)
  if (route === undefined) {
    const root = app.notFoundRoutes[app.notFoundRoutes.length - 1]!
    route = new RouteContext(
      '*',
      root.url,
      root.options,
      app,
      {
        prefix: '',
        instance: root.instance,
        Request: root.Request,
        Reply: root.Reply,
        logger: root.logger,
        parsers: root.parsers,
        errorHandler: { func: null, instance: null, parent: null },
        schemaErrorFormatter: root.schemaErrorFormatter,
      },
      true,
    )
    // The request matched no route, so it has no route url, method or config: undefined and
    // {} there, as in Fastify (its onBadUrl context). The types say string for every routed
    // request; this is the one request that reaches user code without a route.
    route.config = {}
    route.requestRouteOptions = {
      ...route.requestRouteOptions,
      url: undefined as unknown as string,
      method: undefined as unknown as string,
      config: route.config,
    }
    frameworkErrorsRoutes.set(app, route)
  }
  return route
}

function parseQuery(app: AppRuntime, url: string): Record<string, unknown> {
  // as find-my-way splits it: at `?`, or at `;` too with `useSemicolonDelimiter`
  let q = url.indexOf('?')
  if (app.options.useSemicolonDelimiter) {
    const semicolon = url.indexOf(';')
    if (semicolon !== -1 && (q === -1 || semicolon < q)) q = semicolon
  }
  // no query string: '' to the parser, as find-my-way gives it (a custom parser sees every request)
  return queryParserOf(app.options)(q === -1 ? '' : url.slice(q + 1))
}

/** `reply.callNotFound()`: continue this request with the not-found handler of its prefix. */
export function callNotFound(request: Request, reply: Reply): void {
  if (reply.route.isNotFound) {
    reply.log.warn(
      'Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.',
    )
    reply.code(404).send('404 Not Found')
    return
  }
  const route = notFoundRouteFor(reply.route.app, request.url)
  request.route = route
  reply.route = route
  if (route.preHandler !== null) runRequestHooks(route.preHandler, request, reply, runHandler)
  else runHandler(null, request, reply)
}
