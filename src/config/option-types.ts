// What `arbor(options)` accepts (`ArborOptions`) and what `resolveOptions` makes of it
// (`ResolvedOptions`, every field present): the types only; config/options.ts checks and
// defaults them.
import type { ServerOptions as HttpServerOptions, IncomingMessage, Server } from 'node:http'
import type {
  SecureServerOptions as Http2SecureServerOptions,
  ServerOptions as Http2ServerOptions,
} from 'node:http2'
import type { ServerOptions as HttpsServerOptions } from 'node:https'
import type { Socket } from 'node:net'
import type { PoisoningAction } from '../types/content.ts'
import type {
  ArborInstance,
  ArborReply,
  ArborRequest,
  ChildLoggerFactory,
} from '../types/instance.ts'
import type { ArborLogger } from '../types/logger.ts'
import type { ConstraintStrategy, TrustProxy } from '../types/routing.ts'
import type { SchemaControllerOptions, SchemaErrorFormatter } from '../types/schema.ts'
import type { InitialConfig } from '../types/server.ts'
import type { FastifyLine, FastifyLineNumber } from './fastify-lines.ts'
import type { Http2Limits, ResolvedHttp2Limits } from './http2-limits.ts'
import type { LoggerOption } from './logger.ts'
import type { RouterOptions } from './router-options.ts'

/** Options of the Ajv-based default validator (spec "Validator compiler" 2). */
export interface AjvFactoryOptions {
  customOptions?: Record<string, unknown>
  plugins?: Array<unknown>
}

/** `disableRequestLogging`: always, never, or decided per request. */
export type DisableRequestLogging = boolean | ((request: ArborRequest) => boolean)

/** The request handler a `serverFactory` must call for every request. */
export type ServerHandler = (req: IncomingMessage, res: import('node:http').ServerResponse) => void

/** Everything `arbor(options)` accepts. */
export interface ArborOptions {
  /**
   * Which Fastify line the app follows where Fastify 4.25 and Fastify 5 differ (default `4`,
   * the spec's line); docs/fastify-lines.md lists every difference. Plugins of both majors
   * load in either line.
   */
  fastifyLine?: FastifyLineNumber
  /**
   * `true`, or pino options (plus `stream` or `file`, where lines are written, and `pretty`:
   * human-readable lines instead of JSON, by default at a terminal outside production). In the Fastify 4 line
   * it also takes a ready-made logger; the Fastify 5 line refuses one here
   * (FST_ERR_LOG_INVALID_LOGGER_CONFIG): give it as `loggerInstance`.
   */
  logger?: LoggerOption
  /**
   * A ready-made pino (or pino-compatible) logger for the application, in every line. Not with
   * `logger` (FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED); options here are refused
   * (FST_ERR_LOG_INVALID_LOGGER_INSTANCE).
   * @example arbor({ loggerInstance: pino({ level: 'warn' }) })
   */
  loggerInstance?: ArborLogger
  bodyLimit?: number
  caseSensitive?: boolean
  ignoreTrailingSlash?: boolean
  ignoreDuplicateSlashes?: boolean
  maxParamLength?: number
  onProtoPoisoning?: PoisoningAction
  onConstructorPoisoning?: PoisoningAction
  return503OnClosing?: boolean
  /** the header a request id is read from; `true`: `'request-id'`; the default is the line's */
  requestIdHeader?: string | boolean
  requestIdLogLabel?: string
  genReqId?: (req: IncomingMessage) => string
  /**
   * Silences the `incoming request` and `request completed` lines (in the Fastify 5 line also
   * the default 404 and error handlers' lines): `true`, or per request a function returning true
   * @example arbor({ logger: true, disableRequestLogging: (request) => request.url === '/health' })
   */
  disableRequestLogging?: DisableRequestLogging
  connectionTimeout?: number
  keepAliveTimeout?: number
  requestTimeout?: number
  /** requests served on one keep-alive connection; the next gets 503 and `Connection: close` */
  maxRequestsPerSocket?: number | null
  forceCloseConnections?: boolean | 'idle'
  pluginTimeout?: number
  exposeHeadRoutes?: boolean
  /** `false`: route schemas must be full JSON Schemas (Fastify's `jsonShorthand`) */
  jsonShorthand?: boolean
  /** let find-my-way accept route regexps it considers unsafe (catastrophic backtracking) */
  allowUnsafeRegex?: boolean
  /**
   * `false`: a second `setErrorHandler` in one scope throws FST_ERR_ERROR_HANDLER_ALREADY_SET
   * (Fastify 5's option; default `true`, the handler is replaced)
   */
  allowErrorHandlerOverride?: boolean
  querystringParser?: (query: string) => Record<string, unknown>
  /** split the query string at `;` too (`/a;b=1`); the default is the line's */
  useSemicolonDelimiter?: boolean
  /**
   * Fastify 5's grouping of the router (find-my-way) options; each wins over its top-level form,
   * which Fastify 5 deprecates (FSTDEP022, in the Fastify 5 line)
   */
  routerOptions?: RouterOptions
  ajv?: AjvFactoryOptions
  schemaErrorFormatter?: SchemaErrorFormatter
  /** custom route constraints, by name (Fastify's `constraints`) */
  constraints?: Record<string, ConstraintStrategy>
  /** rewrites `req.url` before routing; `this` is the root instance */
  rewriteUrl?: (this: ArborInstance, req: IncomingMessage) => string
  /** read client address, host and protocol from X-Forwarded-* when the peer is trusted */
  trustProxy?: TrustProxy
  /** deprecated (FSTDEP009): a custom `version` constraint */
  versioning?: {
    storage(): unknown
    deriveVersion<Context>(req: IncomingMessage, ctx?: Context): string
  }
  /**
   * options for `http.createServer` (maxHeaderSize, connectionsCheckingInterval, ...); with
   * `http2: true` and no `https`, for `http2.createServer` (settings, maxSessionMemory, ...)
   */
  http?: HttpServerOptions | Http2ServerOptions
  /**
   * `https.createServer` options (key, cert, ...), with `http2: true` those of
   * `http2.createSecureServer`; `true` builds an https server without them
   */
  https?: boolean | HttpsServerOptions | Http2SecureServerOptions | null
  /** an HTTP/2 server (with `https`: a secure one, `allowHTTP1` to serve HTTP/1 too) */
  http2?: boolean
  /** how long an idle HTTP/2 session is kept (milliseconds) */
  http2SessionTimeout?: number
  /**
   * The HTTP/2 server's defences (docs/production.md): the advertised stream limit, PINGs and
   * stream resets per second, how long a session told GOAWAY lives. `false`: node's own only.
   * @example arbor({ http2: true, http2Limits: { maxConcurrentStreams: 250 } })
   */
  http2Limits?: Http2Limits | false
  /** builds the server: `(handler, options) => server`; arbor calls no listen or timeout on it */
  serverFactory?: (handler: ServerHandler, options: ArborOptions) => Server
  /** answers a malformed request on its socket; `this` is the root instance */
  clientErrorHandler?: (this: ArborInstance, err: Error & { code?: string }, socket: Socket) => void
  /** handles the errors arbor raises before routing (FST_ERR_BAD_URL) */
  frameworkErrors?: (error: Error, request: ArborRequest, reply: ArborReply) => void
  /** where shared schemas live and how the default compilers are built (Fastify's option) */
  schemaController?: SchemaControllerOptions
  /** fast-json-stringify options for the default serializer (e.g. `{ rounding: 'ceil' }`) */
  serializerOpts?: Record<string, unknown>
  /** builds each request's logger: `(logger, bindings, opts, rawReq) => child` */
  childLoggerFactory?: ChildLoggerFactory
  /**
   * When the default compilers compile route schemas: `'lazy'` (default) checks each schema
   * at ready and compiles it on the route's first request; `'eager'` compiles all at ready.
   */
  compileSchemas?: 'lazy' | 'eager'
  /**
   * Whether the first `listen()` of the process runs one full garbage collection after
   * `ready()` and before the server binds, when start-up has made one due (the old generation
   * holds 10 MB or more), so that it does not fall on the first request (default `true`).
   */
  gcBeforeListen?: boolean
  /**
   * Whether the first `listen()` of the process sends one request through a private
   * application before the server binds, so that the user's first request does not run arbor's
   * and node:http's code for the first time (default `true`; docs/performance.md).
   */
  warmBeforeListen?: boolean
}

/** The options after defaults are applied; every field is present. */
export interface ResolvedOptions {
  /** the row of the line table (config/fastify-lines.ts) this app follows */
  line: FastifyLine
  logger: ArborOptions['logger']
  loggerInstance: unknown
  bodyLimit: number
  caseSensitive: boolean
  ignoreTrailingSlash: boolean
  ignoreDuplicateSlashes: boolean
  maxParamLength: number
  onProtoPoisoning: PoisoningAction
  onConstructorPoisoning: PoisoningAction
  return503OnClosing: boolean
  requestIdHeader: string | false
  requestIdLogLabel: string
  genReqId: ((req: IncomingMessage) => string) | undefined
  disableRequestLogging: DisableRequestLogging
  /**
   * what silences the default 404 and error handlers' lines and stream errors' lines:
   * `disableRequestLogging` in the Fastify 5 line, nothing (`false`) in the Fastify 4 line
   */
  disableErrorLogging: DisableRequestLogging
  connectionTimeout: number
  keepAliveTimeout: number
  requestTimeout: number
  maxRequestsPerSocket: number
  forceCloseConnections: boolean | 'idle'
  pluginTimeout: number
  exposeHeadRoutes: boolean
  jsonShorthand: boolean
  allowUnsafeRegex: boolean
  allowErrorHandlerOverride: boolean
  querystringParser: ((query: string) => Record<string, unknown>) | undefined
  useSemicolonDelimiter: boolean
  /** the find-my-way options of `routerOptions` that arbor passes through (`defaultRoute`, ...) */
  routerExtra: Record<string, unknown>
  /** `routerOptions.compile`: compile the route tree at ready */
  compileRouter: boolean
  ajv: AjvFactoryOptions
  schemaErrorFormatter: SchemaErrorFormatter | undefined
  constraints: Record<string, ConstraintStrategy> | undefined
  rewriteUrl: ArborOptions['rewriteUrl']
  trustProxy: TrustProxy
  versioning: ArborOptions['versioning']
  http: HttpServerOptions | Http2ServerOptions | undefined
  https: HttpsServerOptions | Http2SecureServerOptions | undefined
  /** `http2Limits` with its defaults (all 0 when `false`) */
  http2Limits: ResolvedHttp2Limits
  serverFactory: ArborOptions['serverFactory']
  clientErrorHandler: ArborOptions['clientErrorHandler']
  frameworkErrors: ArborOptions['frameworkErrors']
  /** the options as given, for `serverFactory(handler, options)` */
  given: ArborOptions
  /** `instance.initialConfig`: the schema's options, validated and frozen */
  initialConfig: InitialConfig
  schemaController: SchemaControllerOptions | undefined
  serializerOpts: Record<string, unknown> | undefined
  childLoggerFactory: ChildLoggerFactory | undefined
  compileSchemas: 'lazy' | 'eager'
  gcBeforeListen: boolean
  warmBeforeListen: boolean
}
