import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { TLSSocket } from 'node:tls'
import type { ArborInstance, RequestRouteOptions } from '../types/instance.ts'
import type { ArborLogger } from '../types/logger.ts'

/** What a request reads of its route (request/route-context.ts has the whole record). */
export interface RouteOfRequest {
  isNotFound: boolean
  requestRouteOptions: RequestRouteOptions
  config: Record<string, unknown>
  url: string
  instance: ArborInstance
}

/**
 * The root Request class; each context extends it to carry its own decorators. Its type is
 * `ArborRequest` (types/instance.ts). Generic over its route record so that this layer does
 * not import the record, which refers back to this class.
 */
export class Request<Route extends RouteOfRequest = RouteOfRequest> {
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
  declare route: Route

  constructor(
    id: string,
    params: unknown,
    raw: IncomingMessage,
    query: unknown,
    log: ArborLogger,
    route: Route,
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
