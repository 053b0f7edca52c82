import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Instance, kState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import type { RouteContext } from '../request/route-context.ts'
import { supportedMethods } from '../types/http.ts'
import type { FindRouteOptions, FoundRoute, RouteOptions } from '../types/instance.ts'
import type { ConstraintStrategy } from '../types/routing.ts'
import type { PrintRoutesOptions } from '../types/server.ts'
import { printRoutes } from './print-routes.ts'
import { routeRequest } from './route-request.ts'
import { addRoute } from './routes.ts'

/** The instance's route methods: `route`, the shorthands, `hasRoute`, `printRoutes`, constraints. */
export const routeMethods = {
  /** Registers a route (spec "Route options"). */
  route(this: Instance, options: RouteOptions) {
    addRoute(this[kState], options)
    return this
  },
  /**
   * Whether a route is registered for this method and url. In the Fastify 5 line (row
   * `hasRouteByPattern`) the url is the registered pattern (`/users/:id`) and the method any
   * case; in the Fastify 4 line it is a url a request would have (`/users/42`) and the method
   * as given. False, not a throw, when method or url is missing.
   */
  hasRoute(
    this: Instance,
    options: { method?: string; url?: string; constraints?: Record<string, unknown> },
  ): boolean {
    const root = this[kState].root
    if (root.options.line.hasRouteByPattern) {
      return root.router.hasRoute(
        (options?.method?.toUpperCase() ?? '') as never,
        options?.url || '',
        options?.constraints ?? {},
      )
    }
    const found = root.router.find(
      options?.method as never,
      options?.url || '',
      options?.constraints,
    )
    // a url the router cannot decode finds its bad-URL answer, which is no route
    return found !== null && found.store !== null
  },
  /**
   * The route a request with this method (any case), url and derived constraints would reach:
   * its handler, params and query, or null. The route's own record is not exposed.
   * @example
   * app.findRoute({ method: 'GET', url: '/artists/:artistId' })?.params // { artistId: ':artistId' }
   */
  findRoute(this: Instance, options: FindRouteOptions): FoundRoute | null {
    const found = this[kState].root.router.find(
      (options?.method?.toUpperCase() ?? '') as never,
      options?.url || '',
      options?.constraints,
    )
    if (found === null || found.store === null) return null
    return {
      handler: (found.store as RouteContext).handler as FoundRoute['handler'],
      params: { ...found.params },
      searchParams: { ...found.searchParams },
    }
  },
  /** The route tree, as text. */
  printRoutes(this: Instance, options?: PrintRoutesOptions): string {
    return printRoutes(this[kState].root, options)
  },
  /** Adds a custom constraint strategy to the router; refused once the application started. */
  addConstraintStrategy(this: Instance, strategy: ConstraintStrategy): void {
    const root = this[kState].root
    if (root.ready) {
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot add constraint strategy!')
    }
    root.router.addConstraintStrategy(strategy as never)
  },
  /** Whether a strategy of that name exists (built-in ones only once a route uses them). */
  hasConstraintStrategy(this: Instance, name: string): boolean {
    return this[kState].root.router.hasConstraintStrategy(name)
  },
  /** Routes a raw request as the server does (rewriteUrl, constraints, lookup): plugins such as @fastify/websocket use it. */
  routing(this: Instance, req: IncomingMessage, res: ServerResponse): void {
    routeRequest(this[kState].root, req, res)
  },
  /** The instance itself: the type provider only changes types. */
  withTypeProvider(this: Instance) {
    return this
  },
  ...shorthandMethods(),
}

// The method shorthands (spec "shorthand route methods"): `(path, handler)`,
// `(path, options, handler)` or `(path, options-with-handler)`.
function shorthandMethods(): Record<string, Function> {
  const table: Array<[name: string, method: string | string[]]> = [
    ['get', 'GET'],
    ['head', 'HEAD'],
    ['post', 'POST'],
    ['put', 'PUT'],
    ['delete', 'DELETE'],
    ['options', 'OPTIONS'],
    ['patch', 'PATCH'],
    ['all', [...supportedMethods]],
  ]
  const methods: Record<string, Function> = {}
  for (const [name, method] of table) {
    methods[name] = function (this: Instance, path: string, options: unknown, handler?: unknown) {
      return shorthand(this, method, path, options, handler)
    }
  }
  return methods
}

// Fastify's prepareRoute: options beside a handler must be a plain object; options alone
// (no function) are route options that must then hold the handler.
function shorthand(
  instance: Instance,
  method: string | string[],
  url: string,
  options: unknown,
  handler: unknown,
): Instance {
  if (typeof url !== 'string') throw new errorCodes.FST_ERR_INVALID_URL(typeof url)
  let given = options as Record<string, unknown> | undefined | null
  if (handler === undefined && typeof options === 'function') {
    handler = options
    given = {}
  } else if (typeof handler === 'function') {
    if (Object.prototype.toString.call(options) !== '[object Object]') {
      throw new errorCodes.FST_ERR_ROUTE_OPTIONS_NOT_OBJ(String(method), url)
    }
    if (given?.handler) {
      if (typeof given.handler === 'function') {
        throw new errorCodes.FST_ERR_ROUTE_DUPLICATED_HANDLER(String(method), url)
      }
      throw new errorCodes.FST_ERR_ROUTE_HANDLER_NOT_FN(String(method), url)
    }
  }
  return instance.route({
    ...(typeof given === 'object' ? given : {}),
    method,
    url,
    path: url,
    handler: handler || given?.handler,
  } as unknown as RouteOptions)
}
