import { type Instance, kState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import type { RouteContext } from '../request/route-context.ts'
import type { FindRouteOptions, FoundRoute, RouteOptions } from '../types/instance.ts'
import type { ConstraintStrategy } from '../types/routing.ts'
import type { PrintRoutesOptions } from '../types/server.ts'
import { printRoutes } from './print-routes.ts'
import { addRoute } from './routes.ts'
import { shorthandMethods } from './shorthands.ts'

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
  /** The instance itself: the type provider only changes types. */
  withTypeProvider(this: Instance) {
    return this
  },
  ...shorthandMethods,
}
