import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { TLSSocket } from 'node:tls'
import type { ArborInstance } from './context/instance.ts'
import type { ArborLogger } from './logger.ts'
import type { RouteContext } from './routing/route-context.ts'
import type { BodyOf, HeadersOf, ParamsOf, QueryOf, RouteGenericInterface } from './types.ts'

/** What `request.routeOptions` tells about the matched route. */
export interface RequestRouteOptions {
  method: string | string[]
  url: string
  config: Record<string, unknown>
  schema: Record<string, unknown> | undefined
  bodyLimit: number
  attachValidation: boolean
  logLevel: string | undefined
  exposeHeadRoute: boolean
  prefixTrailingSlash: string
  handler: Function
  version?: string
}

/**
 * The request handed to hooks and handlers. An interface, so applications can declare the
 * properties their request decorators add:
 * @example
 * declare module 'arbor' { interface ArborRequest { user?: { id: string } } }
 */
export interface ArborRequest<G extends RouteGenericInterface = RouteGenericInterface> {
  id: string
  params: ParamsOf<G>
  query: QueryOf<G>
  body: BodyOf<G>
  validationError?: Error & { validation?: unknown; validationContext?: string }
  readonly raw: IncomingMessage
  readonly log: ArborLogger
  readonly headers: HeadersOf<G>
  readonly url: string
  readonly originalUrl: string
  readonly method: string
  readonly ip: string | undefined
  readonly ips?: string[]
  readonly hostname: string
  readonly protocol: 'http' | 'https'
  readonly socket: Socket
  readonly routeOptions: RequestRouteOptions
  readonly routeConfig: Record<string, unknown>
  readonly routerPath: string
  readonly is404: boolean
  readonly server: ArborInstance
}

/** The root Request class; each context extends it to carry its own decorators. */
export class Request {
  // Fields are declared, not defined: the constructor assigns each one, so every request has
  // one fixed shape, and no per-class field initializer runs (it showed up at 7-8% of CPU
  // with 100 plugins, each with its own subclass).
  declare id: string
  declare params: unknown
  declare query: unknown
  declare body: unknown
  declare raw: IncomingMessage
  declare log: ArborLogger
  declare originalUrl: string
  declare validationError: unknown
  /** @internal the matched route; holds everything resolved once per route. */
  declare route: RouteContext

  constructor(
    id: string,
    params: unknown,
    raw: IncomingMessage,
    query: unknown,
    log: ArborLogger,
    route: RouteContext,
  ) {
    this.id = id
    this.params = params
    this.query = query
    this.body = undefined
    this.raw = raw
    this.log = log
    this.originalUrl = raw.url ?? '/'
    this.validationError = undefined
    this.route = route
  }

  get headers() {
    return this.raw.headers
  }
  get url() {
    return this.raw.url ?? '/'
  }
  get method() {
    return this.raw.method ?? 'GET'
  }
  get socket(): Socket {
    return this.raw.socket
  }
  get ip(): string | undefined {
    return this.raw.socket?.remoteAddress
  }
  get hostname(): string {
    return this.raw.headers.host ?? this.raw.headers[':authority']?.toString() ?? ''
  }
  get protocol(): 'http' | 'https' {
    return (this.raw.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http'
  }
  get is404(): boolean {
    return this.route.isNotFound
  }
  get routeOptions(): RequestRouteOptions {
    return this.route.requestRouteOptions
  }
  get routeConfig(): Record<string, unknown> {
    return this.route.config
  }
  get routerPath(): string {
    return this.route.url
  }
  get server(): ArborInstance {
    return this.route.instance
  }
}
