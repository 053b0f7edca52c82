import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RootState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import type { Reply } from '../reply.ts'
import type { Request } from '../request.ts'
import type { RouteContext } from '../routing/route-context.ts'
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
export function notFoundRouteFor(root: RootState, url: string): RouteContext {
  const routes = root.notFoundRoutes
  for (let i = 0; i < routes.length; i++) {
    const route = routes[i]!
    const prefix = route.state.prefix
    if (prefix === '' || underPrefix(url, prefix)) return route
  }
  return routes[routes.length - 1]!
}

function underPrefix(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false
  const next = url.charCodeAt(prefix.length)
  return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */
}

/** find-my-way's default route: runs the whole lifecycle with the not-found route. */
export function routeNotFound(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  const route = notFoundRouteFor(root, req.url ?? '/')
  startRequest(route, req, res, {}, parseQuery(root, req.url ?? '/'))
}

/** find-my-way's bad-URL callback: 400 FST_ERR_BAD_URL through the not-found context. */
export function routeBadUrl(
  root: RootState,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const route = notFoundRouteFor(root, req.url ?? '/')
  const id = root.genReqId(req)
  const log = route.logger.child({ [root.options.requestIdLogLabel]: id })
  const request = new route.Request(id, {}, req, {}, log, route)
  const reply = new route.Reply(res, request, log, route)
  reply.code(400).send(new errorCodes.FST_ERR_BAD_URL(path))
}

function parseQuery(root: RootState, url: string): Record<string, unknown> {
  const q = url.indexOf('?')
  if (q === -1) return {}
  const search = url.slice(q + 1)
  if (root.options.querystringParser !== undefined) return root.options.querystringParser(search)
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
  const route = notFoundRouteFor(reply.route.state.root, request.url)
  request.route = route
  reply.route = route
  if (route.preHandler !== null) runRequestHooks(route.preHandler, request, reply, runHandler)
  else runHandler(null, request, reply)
}
