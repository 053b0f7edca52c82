import type { ServerOptions as HttpServerOptions, IncomingMessage, Server } from 'node:http'
import type { ServerOptions as HttpsServerOptions } from 'node:https'
import type { Socket } from 'node:net'
import { parse as parseQuerystring } from 'fast-querystring'
import { errorCodes } from '../errors.ts'
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
import {
  defaultFastifyLine,
  type FastifyLine,
  type FastifyLineNumber,
  fastifyLines,
} from './fastify-lines.ts'
import { validateConfig } from './initial-config.ts'
import type { LoggerOption } from './logger.ts'
import {
  checkRouterOptions,
  type RouterOptions,
  resolveRouterOptions,
  routerOptionsForConfig,
} from './router-options.ts'

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
  /** options for `http.createServer` (maxHeaderSize, connectionsCheckingInterval, ...) */
  http?: HttpServerOptions
  /** `https.createServer` options (key, cert, ...); `true` builds an https server without them */
  https?: boolean | HttpsServerOptions | null
  /** an HTTP/2 server (with `https`: a secure one, `allowHTTP1` to serve HTTP/1 too) */
  http2?: boolean
  /** how long an idle HTTP/2 session is kept (milliseconds) */
  http2SessionTimeout?: number
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
  http: HttpServerOptions | undefined
  https: HttpsServerOptions | undefined
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

type Check = (value: unknown) => boolean
const isBool: Check = (v) => typeof v === 'boolean'
const isFn: Check = (v) => typeof v === 'function'
const isObject: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
const isNonNegInt: Check = (v) => Number.isInteger(v) && (v as number) >= 0

// Options outside Fastify's configuration schema that arbor checks itself (Fastify would fail
// later, at the first request): one row per option, how to check it and what it should be.
const checks: Partial<Record<keyof ArborOptions, [Check, string]>> = {
  fastifyLine: [(v) => v === 4 || v === 5, '4 or 5'],
  logger: [(v) => typeof v === 'boolean' || isObject(v), 'a boolean, pino options or a logger'],
  return503OnClosing: [isBool, 'a boolean'],
  genReqId: [isFn, 'a function'],
  ajv: [isObject, 'an object { customOptions?, plugins? }'],
  constraints: [isObject, 'an object of constraint strategies by name'],
  rewriteUrl: [isFn, 'a function'],
  trustProxy: [
    (v) =>
      typeof v === 'boolean' ||
      isNonNegInt(v) ||
      typeof v === 'string' ||
      typeof v === 'function' ||
      (Array.isArray(v) && v.every((a) => typeof a === 'string')),
    'a boolean, a hop count, addresses (string or array) or a function',
  ],
  versioning: [isObject, 'an object { storage, deriveVersion }'],
  http: [isObject, 'an object of http.createServer options'],
  serverFactory: [isFn, 'a function'],
  clientErrorHandler: [isFn, 'a function'],
  frameworkErrors: [isFn, 'a function'],
  schemaController: [isObject, 'an object { bucket?, compilersFactory? }'],
  serializerOpts: [isObject, 'an object of fast-json-stringify options'],
  childLoggerFactory: [isFn, 'a function'],
  compileSchemas: [(v) => v === 'lazy' || v === 'eager', "'lazy' or 'eager'"],
  gcBeforeListen: [isBool, 'a boolean'],
  warmBeforeListen: [isBool, 'a boolean'],
}

const poisoningActions = new Set(['error', 'remove', 'ignore'])

/** Checks every option the user gave, as Fastify 4.25 does, and fills in the defaults. */
export function resolveOptions(options: ArborOptions | undefined): ResolvedOptions {
  if (options === undefined || options === null) options = {}
  if (!isObject(options)) throw new errorCodes.FST_ERR_OPTIONS_NOT_OBJ()
  // Fastify's own checks first, in its order and with its errors.
  if (options.fastifyLine !== undefined && options.fastifyLine !== 4 && options.fastifyLine !== 5) {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      `option "fastifyLine" must be 4 or 5, got ${describe(options.fastifyLine)}`,
    )
  }
  const line = fastifyLines[options.fastifyLine ?? defaultFastifyLine]
  checkRouterOptions(options, line)
  const bodyLimit = options.bodyLimit
  if (bodyLimit !== undefined && (!Number.isInteger(bodyLimit) || bodyLimit <= 0)) {
    throw new errorCodes.FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT(bodyLimit)
  }
  for (const [name, row] of Object.entries(checks)) {
    const value = options[name as keyof ArborOptions]
    if (value !== undefined && !row[0](value)) {
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
        `option "${name}" must be ${row[1]}, got ${describe(value)}`,
      )
    }
  }
  const ajv = { customOptions: {}, plugins: [], ...options.ajv }
  if (Object.prototype.toString.call(ajv.customOptions) !== '[object Object]') {
    throw new errorCodes.FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ(typeof ajv.customOptions)
  }
  if (!Array.isArray(ajv.plugins)) {
    throw new errorCodes.FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_ARR(typeof ajv.plugins)
  }
  const header = options.requestIdHeader
  // A function (Fastify 5) is kept aside: the configuration schema is Fastify 4.25's (a boolean).
  const disableRequestLogging = options.disableRequestLogging
  const config = validateConfig({
    ...options,
    // Fastify's reading before its schema: falsy timeouts are the defaults, the header lower-cased
    connectionTimeout: options.connectionTimeout || 0,
    keepAliveTimeout: options.keepAliveTimeout || 72_000,
    maxRequestsPerSocket: options.maxRequestsPerSocket || 0,
    requestTimeout: options.requestTimeout || 0,
    requestIdHeader:
      typeof header === 'string' && header !== ''
        ? header.toLowerCase()
        : header === true
          ? 'request-id'
          : header === false
            ? false
            : line.requestIdHeaderDefault,
    routerOptions: routerOptionsForConfig(options, line),
    requestIdLogLabel: options.requestIdLogLabel || 'reqId',
    disableRequestLogging:
      typeof disableRequestLogging === 'function' ? false : disableRequestLogging || false,
  })
  // Stricter than Fastify (any string): an unknown action would silently act as 'error'.
  for (const name of ['onProtoPoisoning', 'onConstructorPoisoning'] as const) {
    if (!poisoningActions.has(config[name])) {
      const message = 'must be equal to one of the allowed values'
      const error = new errorCodes.FST_ERR_INIT_OPTS_INVALID(JSON.stringify([message]))
      ;(error as unknown as { errors: unknown }).errors = [{ instancePath: `/${name}`, message }]
      throw error
    }
  }
  if (options.schemaErrorFormatter !== undefined) {
    validateSchemaErrorFormatter(options.schemaErrorFormatter)
  }
  const https = options.https === true ? {} : options.https || undefined
  const bucket = options.schemaController?.bucket
  if (bucket !== undefined && typeof bucket !== 'function') {
    throw new errorCodes.FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN(typeof bucket)
  }
  const router = resolveRouterOptions(options, config, line)
  const disableRequestLines =
    typeof disableRequestLogging === 'function'
      ? disableRequestLogging
      : config.disableRequestLogging === true
  return {
    line,
    logger: options.logger ?? false,
    loggerInstance: options.loggerInstance,
    bodyLimit: config.bodyLimit,
    caseSensitive: router.caseSensitive,
    ignoreTrailingSlash: router.ignoreTrailingSlash,
    ignoreDuplicateSlashes: router.ignoreDuplicateSlashes,
    maxParamLength: router.maxParamLength,
    onProtoPoisoning: config.onProtoPoisoning as PoisoningAction,
    onConstructorPoisoning: config.onConstructorPoisoning as PoisoningAction,
    return503OnClosing: options.return503OnClosing ?? true,
    requestIdHeader: config.requestIdHeader,
    requestIdLogLabel: config.requestIdLogLabel,
    genReqId: options.genReqId,
    disableRequestLogging: disableRequestLines,
    disableErrorLogging: line.disableRequestLoggingCoversErrors ? disableRequestLines : false,
    connectionTimeout: config.connectionTimeout,
    keepAliveTimeout: config.keepAliveTimeout,
    requestTimeout: config.requestTimeout,
    maxRequestsPerSocket: config.maxRequestsPerSocket ?? 0,
    forceCloseConnections:
      typeof options.forceCloseConnections === 'boolean' ? options.forceCloseConnections : 'idle',
    pluginTimeout: config.pluginTimeout,
    exposeHeadRoutes: config.exposeHeadRoutes,
    jsonShorthand: config.jsonShorthand,
    allowUnsafeRegex: router.allowUnsafeRegex,
    querystringParser: router.querystringParser,
    useSemicolonDelimiter: router.useSemicolonDelimiter,
    routerExtra: router.extra,
    compileRouter: router.compile,
    // Not in the configuration schema: Fastify 4.25's initialConfig does not list it.
    allowErrorHandlerOverride: options.allowErrorHandlerOverride ?? true,
    ajv,
    schemaErrorFormatter: options.schemaErrorFormatter,
    constraints: router.constraints,
    rewriteUrl: options.rewriteUrl,
    trustProxy: options.trustProxy ?? false,
    versioning: options.versioning,
    http: options.http,
    https: typeof https === 'object' ? https : undefined,
    serverFactory: options.serverFactory,
    clientErrorHandler: options.clientErrorHandler,
    frameworkErrors: options.frameworkErrors,
    given: options,
    initialConfig:
      typeof disableRequestLogging === 'function'
        ? Object.freeze({ ...config, disableRequestLogging })
        : config,
    schemaController: options.schemaController,
    serializerOpts: options.serializerOpts,
    childLoggerFactory: options.childLoggerFactory,
    compileSchemas: options.compileSchemas ?? 'lazy',
    gcBeforeListen: options.gcBeforeListen ?? true,
    warmBeforeListen: options.warmBeforeListen ?? true,
  }
}

/** Fastify's check of a schema error formatter, for the option and `setSchemaErrorFormatter`. */
export function validateSchemaErrorFormatter(formatter: unknown): void {
  if (typeof formatter !== 'function') {
    throw new errorCodes.FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN(typeof formatter)
  }
  if (formatter.constructor.name === 'AsyncFunction') {
    throw new errorCodes.FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN('AsyncFunction')
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  if (typeof value === 'function') return 'a function'
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${String(value)}`
}

/**
 * The query-string parser of an application: the `querystringParser` option, else
 * fast-querystring (repeated keys become arrays). Routes and not-found requests share it.
 */
export function queryParserOf(
  options: ResolvedOptions,
): (query: string) => Record<string, unknown> {
  return options.querystringParser ?? parseQueryOrEmpty
}

/**
 * As Fastify 4 and 5 (find-my-way's default): no query string gives a plain `{}`, which has
 * Object.prototype's methods, and fast-querystring is not called for most requests.
 */
function parseQueryOrEmpty(query: string): Record<string, unknown> {
  return query.length === 0 ? {} : parseQuerystring(query)
}
