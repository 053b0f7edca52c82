import type { IncomingMessage, ServerResponse } from 'node:http'
import { errorCodes } from '../errors.ts'
import type {
  AppRuntime,
  RoutedReply as Reply,
  RoutedRequest as Request,
  RouteContext,
} from '../request/route-context.ts'
import { runRequestHooks } from './hook-runner.ts'
import { runHandler, startRequest } from './pipeline.ts'

/** arbor's 404 answer: `{ message: 'Route GET:/nope not found', error: 'Not Found', statusCode: 404 }`. */
export function defaultNotFoundHandler(request: Request, reply: Reply): void {
  reply.code(404).send({
    message: `Route ${request.method}:${request.url} not found`,
    error: 'Not Found',
    statusCode: 404,
  })
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
  startRequest(route, req, res, {}, parseQuery(app, req.url ?? '/'))
}

/** find-my-way's bad-URL callback: 400 FST_ERR_BAD_URL through the not-found context. */
export function routeBadUrl(
  app: AppRuntime,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const route = notFoundRouteFor(app, req.url ?? '/')
  const id = app.genReqId(req)
  const log = route.logger.child({ [app.options.requestIdLogLabel]: id })
  const request = new route.Request(id, {}, req, {}, log, route)
  const reply = new route.Reply(res, request, log, route)
  reply.code(400).send(new errorCodes.FST_ERR_BAD_URL(path))
}

function parseQuery(app: AppRuntime, url: string): Record<string, unknown> {
  const q = url.indexOf('?')
  if (q === -1) return {}
  const search = url.slice(q + 1)
  if (app.options.querystringParser !== undefined) return app.options.querystringParser(search)
  return Object.fromEntries(new URLSearchParams(search)) as Record<string, unknown>
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
