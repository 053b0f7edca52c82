import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { TLSSocket } from 'node:tls'
import {
  FSTDEP005,
  FSTDEP012,
  FSTDEP015,
  FSTDEP016,
  FSTDEP017,
  FSTDEP018,
} from '../config/warnings.ts'
import { mediaTypeOf } from '../content/parsers.ts'
import type { ArborInstance, RequestRouteOptions } from '../types/instance.ts'
import type { ArborLogger } from '../types/logger.ts'
import { isVisible, readDecorator, writeDecorator } from './decorator-access.ts'
import { lastHeaderValue, type ProxyTrust, proxyAddr } from './trust-proxy.ts'

/** What a request reads of its route (request/route-context.ts has the whole record). */
export interface RouteOfRequest {
  isNotFound: boolean
  requestRouteOptions: RequestRouteOptions
  config: Record<string, unknown>
  url: string
  instance: ArborInstance
  /** the application's `trustProxy`, compiled; null when proxies are not trusted */
  proxyTrust: ProxyTrust | null
}

/** What the deprecated `request.context` and `reply.context` give: Fastify 4's route settings. */
export interface RouteContextView {
  config: Record<string, unknown>
  schema: Record<string, unknown> | undefined
}

/** Fastify 4's route context, as far as applications read it (deprecated; made on each read). */
export function routeContextView(route: RouteOfRequest): RouteContextView {
  return { config: route.config, schema: route.requestRouteOptions.schema }
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
    // rewriteUrl keeps the URL as received on the raw request (routing/route-request.ts)
    this.originalUrl = (raw as { originalUrl?: string }).originalUrl ?? raw.url ?? '/'
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
  /** @deprecated FSTDEP005: use `socket` */
  get connection(): Socket {
    FSTDEP005()
    return this.raw.socket
  }
  /** The client's address: the peer, or with `trustProxy` the nearest untrusted X-Forwarded-For. */
  get ip(): string | undefined {
    const trust = this.route.proxyTrust
    if (trust !== null) return proxyAddr(this.raw, trust)
    return this.raw.socket?.remoteAddress
  }
  /** With `trustProxy`: the peer and the trusted X-Forwarded-For addresses, nearest first. */
  get ips(): string[] | undefined {
    const trust = this.route.proxyTrust
    return trust === null ? undefined : proxyAddr.all(this.raw, trust)
  }
  /** The Host header (or HTTP/2 `:authority`), port included; with `trustProxy`, X-Forwarded-Host. */
  get host(): string {
    const headers = this.raw.headers
    if (this.route.proxyTrust !== null) {
      const forwarded = headers['x-forwarded-host']
      if (forwarded && this.ip !== undefined) return lastHeaderValue(forwarded)
    }
    return headers.host ?? headers[':authority']?.toString() ?? ''
  }
  /**
   * The host, with its port in the Fastify 4 line; the Fastify 5 line's app class replaces this
   * getter with `hostWithoutPort` (request/line-members.ts).
   */
  get hostname(): string {
    return this.host
  }
  /** The port of the host (or of the Host header), as a number; `null` when neither has one. */
  get port(): number | null {
    return portOf(this.host) ?? portOf(this.raw.headers.host ?? this.raw.headers[':authority'])
  }
  get protocol(): 'http' | 'https' {
    if (this.route.proxyTrust !== null) {
      const forwarded = this.raw.headers['x-forwarded-proto']
      if (forwarded) return lastHeaderValue(forwarded) as 'http' | 'https'
    }
    return (this.raw.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http'
  }
  /** The request's content type without its parameters (`application/json`), read when asked. */
  get mediaType(): string | undefined {
    return mediaTypeOfHeader(this.raw.headers['content-type'])
  }
  get is404(): boolean {
    return this.route.isNotFound
  }
  get routeOptions(): RequestRouteOptions {
    return this.route.requestRouteOptions
  }
  /**
   * @deprecated FSTDEP012: use `routeOptions.config` / `routeOptions.schema`. Fastify 4's route
   * context, of which applications read `config` and `schema`.
   */
  get context(): RouteContextView {
    FSTDEP012()
    return routeContextView(this.route)
  }
  /** @deprecated FSTDEP016: use `routeOptions.config` */
  get routeConfig(): Record<string, unknown> {
    FSTDEP016()
    return this.route.config
  }
  /** @deprecated FSTDEP015: use `routeOptions.schema` */
  get routeSchema(): Record<string, unknown> | undefined {
    FSTDEP015()
    return this.route.requestRouteOptions.schema
  }
  /** @deprecated FSTDEP017: use `routeOptions.url` */
  get routerPath(): string {
    FSTDEP017()
    return this.route.config.url as string
  }
  /** @deprecated FSTDEP018: use `routeOptions.method` */
  get routerMethod(): string | string[] {
    FSTDEP018()
    return this.route.config.method as string | string[]
  }
  get server(): ArborInstance {
    return this.route.instance
  }
  /** Fastify 5's: a decorator's value, a function bound to this request (decorator-access.ts). */
  getDecorator(name: string | symbol): unknown {
    return readDecorator(this, name, 'request', visibleOn(this, name))
  }
  /** Fastify 5's: gives a declared decorator its value on this request. */
  setDecorator(name: string | symbol, value: unknown): void {
    writeDecorator(this, name, value, 'request', visibleOn(this, name))
  }
}

// A module function, not a method: every member of the class is a name a decorator may not take.
function visibleOn(request: Request, name: string | symbol): boolean {
  const instance = request.route.instance
  return isVisible(request, Request, name, (key) => instance.hasRequestDecorator(key))
}

// RFC 9110 token characters: what a media type's type and subtype are made of.
const token = /^[\w!#$%&'*+.^`|~-]+$/

/**
 * The media type of a content-type header value: `type/subtype`, lower-cased, without its
 * parameters and the spaces around it; undefined when there is no header or no valid type.
 */
export function mediaTypeOfHeader(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined
  const essence = mediaTypeOf(header)
  const slash = essence.indexOf('/')
  if (slash === -1) return undefined
  if (!token.test(essence.slice(0, slash)) || !token.test(essence.slice(slash + 1)))
    return undefined
  return essence
}

/** A host without its port: `[::1]:3000` is `[::1]`, `example.com:80` is `example.com`. */
export function hostWithoutPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1)
  const colon = host.indexOf(':')
  return colon === -1 ? host : host.slice(0, colon)
}

function portOf(host: string | string[] | undefined): number | null {
  if (typeof host !== 'string') return null
  const colon = host.lastIndexOf(':')
  if (colon === -1 || host.endsWith(']')) return null
  const port = Number.parseInt(host.slice(colon + 1), 10)
  return Number.isNaN(port) ? null : port
}
