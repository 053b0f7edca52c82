// The members of every request that refer to nothing of the instance: `ArborRequest`
// (types/instance-core.ts) extends them with `server`.
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { BodyOf, HeadersOf, ParamsOf, QueryOf, RouteGenericInterface } from './http.ts'
import type { ArborLogger } from './logger.ts'

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

/** The members of `ArborRequest` but `server` (see `ArborRequest`). */
export interface RequestMembers<G extends RouteGenericInterface> {
  id: string
  params: ParamsOf<G>
  query: QueryOf<G>
  body: BodyOf<G>
  readonly headers: HeadersOf<G>
  validationError?: Error & { validation?: unknown; validationContext?: string }
  readonly raw: IncomingMessage
  readonly log: ArborLogger
  readonly url: string
  readonly originalUrl: string
  readonly method: string
  readonly ip: string | undefined
  readonly ips?: string[]
  /** the Host header (or `:authority`) with its port; with `trustProxy`, X-Forwarded-Host */
  readonly host: string
  /** the host: with its port in the Fastify 4 line, without it in the Fastify 5 line */
  readonly hostname: string
  /** the host's port as a number, `null` when it has none */
  readonly port: number | null
  /** the content-type without parameters (`application/json`); `undefined` without a valid one */
  readonly mediaType: string | undefined
  readonly protocol: 'http' | 'https'
  readonly socket: Socket
  /** @deprecated FSTDEP005: use `socket` */
  readonly connection: Socket
  readonly routeOptions: RequestRouteOptions
  /** @deprecated FSTDEP012: use `routeOptions.config` and `routeOptions.schema` */
  readonly context: {
    config: Record<string, unknown>
    schema: Record<string, unknown> | undefined
  }
  /** @deprecated FSTDEP016: use `routeOptions.config` */
  readonly routeConfig: Record<string, unknown>
  /** @deprecated FSTDEP015: use `routeOptions.schema` */
  readonly routeSchema: Record<string, unknown> | undefined
  /** @deprecated FSTDEP017: use `routeOptions.url` */
  readonly routerPath: string
  /** @deprecated FSTDEP018: use `routeOptions.method` */
  readonly routerMethod: string | string[]
  readonly is404: boolean
  /**
   * A decorator of this request (Fastify 5's; a function comes bound to the request). A name no
   * decorator declares throws FST_ERR_DEC_UNDECLARED.
   * @example
   * const user = request.getDecorator<User>('user')
   */
  getDecorator<T = unknown>(name: string | symbol): T
  /** Gives a declared request decorator its value on this request (Fastify 5's). */
  setDecorator<T = unknown>(name: string | symbol, value: T): void
}
