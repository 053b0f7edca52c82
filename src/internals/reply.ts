// Fastify's Request and Reply constructors, as `fastify/lib/request.js` and `fastify/lib/reply.js`
// hand them out. Packages built on Fastify construct them by hand: NestJS's platform-fastify
// answers from middleware and exception filters with `new Reply(res, request, log)`, where
// `request` is an object of its own carrying `raw`, `server`, `log` and a route context under
// `kRouteContext` whose hook lists are empty. Each returns an arbor reply or request of the
// right context, so `status`, `header`, `send` and the error handler work as on any other.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fastifySymbols } from '../config/fastify-symbols.ts'
import { stateOf } from '../context/state.ts'
import { notFoundRouteFor } from '../lifecycle/not-found.ts'
import { Reply } from '../request/reply.ts'
import { Request } from '../request/request.ts'
import type { ErrorHandlerLink, RouteContext, RoutedRequest } from '../request/route-context.ts'
import { requestHookNames } from '../types/hook-names.ts'
import type { ArborInstance } from '../types/instance.ts'
import type { ArborLogger } from '../types/logger.ts'

const { kRouteContext } = fastifySymbols

/** What a hand-made request gives: Fastify's fields, any of them missing. */
interface RequestLike {
  raw?: IncomingMessage
  server?: ArborInstance
  log?: ArborLogger
  [kRouteContext]?: { server?: ArborInstance; errorHandler?: unknown } | RouteContext
}

function isErrorHandlerLink(value: unknown): value is ErrorHandlerLink {
  return typeof value === 'object' && value !== null && 'func' in value && 'parent' in value
}

/**
 * The route a hand-made request stands on: the not-found route of its server for its URL, with
 * no request hooks (the hand-made context lists none), and the error handler it names if that
 * is one of arbor's.
 */
function routeForHandMade(given: RequestLike, raw: IncomingMessage | undefined): RouteContext {
  const context = given[kRouteContext]
  const server = given.server ?? context?.server
  if (server === undefined) {
    throw new TypeError(
      'new Reply(res, request, log): the request names no server (request.server)',
    )
  }
  const app = stateOf(server).root
  const base = notFoundRouteFor(app, raw?.url ?? '/')
  const route = Object.create(base) as RouteContext
  for (const hook of requestHookNames) route[hook] = null
  if (isErrorHandlerLink(context?.errorHandler)) route.errorHandler = context.errorHandler
  return route
}

/** `new Request(id, params, req, query, log, context)`, Fastify's argument order. */
export const FastifyRequest = function FastifyRequest(
  id: string,
  params: unknown,
  raw: IncomingMessage,
  query: unknown,
  log: ArborLogger,
  context: RouteContext | { server?: ArborInstance },
): Request {
  const route =
    context instanceof Object && 'Request' in context
      ? context
      : routeForHandMade({ [kRouteContext]: context }, raw)
  return new route.Request(id, params, raw, query, log ?? route.logger, route)
} as unknown as new (
  ...args: [string, unknown, IncomingMessage, unknown, ArborLogger, unknown]
) => Request
FastifyRequest.prototype = Request.prototype

/** `new Reply(res, request, log)`, Fastify's argument order. */
export const FastifyReply = function FastifyReply(
  res: ServerResponse,
  request: Request | RequestLike,
  log?: ArborLogger,
): Reply {
  if (request instanceof Request) {
    const route = request.route as RouteContext
    return new route.Reply(res, request as RoutedRequest, log ?? request.log, route)
  }
  const raw = request.raw ?? (res.req as IncomingMessage | undefined)
  const route = routeForHandMade(request, raw)
  const logger = log ?? request.log ?? route.logger
  const id = raw === undefined ? 'req-0' : route.genReqId(raw)
  const arborRequest = new route.Request(id, {}, raw ?? res.req, {}, logger, route)
  return new route.Reply(res, arborRequest, logger, route)
} as unknown as new (
  ...args: [ServerResponse, unknown, ArborLogger?]
) => Reply
FastifyReply.prototype = Reply.prototype
