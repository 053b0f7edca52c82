// `arbor(options)` checked as Fastify 4.25 checks it, and defaulted (`resolveOptions`). The
// options' types are in option-types.ts, the query-string parser in query-parser.ts.
import { errorCodes } from '../errors.ts'
import type { PoisoningAction } from '../types/content.ts'
import { defaultFastifyLine, fastifyLines } from './fastify-lines.ts'
import { resolveHttp2Limits } from './http2-limits.ts'
import { validateConfig } from './initial-config.ts'
import type { ArborOptions, ResolvedOptions } from './option-types.ts'
import {
  checkRouterOptions,
  resolveRouterOptions,
  routerOptionsForConfig,
} from './router-options.ts'

export type {
  AjvFactoryOptions,
  ArborOptions,
  DisableRequestLogging,
  ResolvedOptions,
  ServerHandler,
} from './option-types.ts'
export { queryParserOf } from './query-parser.ts'

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
    // Not in the configuration schema: it is arbor's, not Fastify's.
    http2Limits: resolveHttp2Limits(options.http2Limits),
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
