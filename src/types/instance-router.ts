// The members of the instance that ask and configure its router: the methods it routes, route
// lookup, constraint strategies, request ids, the route tree as text. `ArborInstance`
// (types/instance-core.ts) extends them, giving the types that refer to it: `Found` is
// `FoundRoute`, `Shorthand` is `RouteShorthand`.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { WithProviderType } from './context-types.ts'
import type { ConstraintStrategy } from './routing.ts'
import type { PrintRoutesOptions } from './server.ts'

/** What `addHttpMethod` takes besides the method. */
export interface AddHttpMethodOptions {
  /** Its request bodies are parsed (`false`: never read, and a body schema is refused). */
  hasBody?: boolean
  /** Changing a method that exists is meant: no FSTDEP025 warning. */
  overrideExisting?: boolean
}

/** What `hasRoute()` and `findRoute()` look for. */
export interface FindRouteOptions {
  method?: string
  url?: string
  constraints?: Record<string, unknown>
}

/** The router's side of the instance (see `ArborInstance`). */
export interface InstanceRouter<Found, Shorthand> {
  /**
   * The methods routes may declare: the app's Fastify line's built-ins (docs/fastify-lines.md,
   * `builtInMethods`) and those `addHttpMethod` added. A new array on every read.
   */
  readonly supportedMethods: string[]
  /**
   * Routes one more method of the application (one node:http knows, upper-case) and adds its
   * lower-case shorthand to this instance; the instance type returned has it.
   * @example
   * const app = arbor().addHttpMethod('LOCK', { hasBody: true })
   * app.lock('/files/*', async (request) => lockFor(request.body))
   */
  addHttpMethod<M extends string>(
    method: M,
    options?: AddHttpMethodOptions,
  ): this & { [K in Lowercase<M>]: Shorthand }
  /**
   * Whether a route is registered for this method and url; false when method or url is
   * missing. Fastify 5 line: the url is the registered pattern (`/users/:id`), the method any
   * case; Fastify 4 line: a url a request would have (`/users/42`), the method as given.
   */
  hasRoute(options: FindRouteOptions): boolean
  /**
   * The route a request with this method (any case), url and constraints would reach, or null.
   * @example
   * app.findRoute({ method: 'GET', url: '/artists/:artistId' })?.params // { artistId: ':artistId' }
   */
  findRoute(options: FindRouteOptions): Found | null
  /** @deprecated Fastify 4's router default route (FSTDEP014): use setNotFoundHandler */
  getDefaultRoute(): ((req: IncomingMessage, res: ServerResponse) => void) | null
  /** @deprecated Fastify 4's router default route (FSTDEP014): use setNotFoundHandler */
  setDefaultRoute(defaultRoute: (req: IncomingMessage, res: ServerResponse) => void): void
  /** The request id generator in effect in this context (`genReqId` option or `setGenReqId`). */
  readonly genReqId: (req: IncomingMessage) => string
  /**
   * Sets the request id generator of this context and its descendants (a wrapped plugin sets
   * its parent's); the `requestIdHeader` is still read first. Refused once the app started.
   */
  setGenReqId(generate: (req: IncomingMessage) => string): this
  /** Adds a custom route constraint strategy; refused once the application has started. */
  addConstraintStrategy(strategy: ConstraintStrategy): void
  /** Whether a constraint strategy exists (the built-in `host` and `version` once a route uses them). */
  hasConstraintStrategy(name: string): boolean
  /** Routes a raw request as the server does: `rewriteUrl`, constraints, then the handler. */
  routing(req: IncomingMessage, res: ServerResponse): void
  /** The route tree, as text. */
  printRoutes(options?: PrintRoutesOptions): string
  /** The context tree, with each plugin's name and load time, as text. */
  printPlugins(): string
  /**
   * The instance itself, typed with another schema → type provider (a Fastify type provider
   * works): for schema libraries arbor does not read by itself, and for Fastify code.
   */
  withTypeProvider<P>(): this & WithProviderType<P>
}
