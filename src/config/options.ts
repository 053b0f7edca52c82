import type { IncomingMessage } from 'node:http'
import type { Logger, LoggerOptions } from 'pino'
import { errorCodes } from '../errors.ts'
import type { PoisoningAction } from '../types/content.ts'
import type { ArborInstance } from '../types/instance.ts'
import type { ConstraintStrategy, TrustProxy } from '../types/routing.ts'
import type { SchemaErrorFormatter } from '../types/schema.ts'

/** Options of the Ajv-based default validator (spec "Validator compiler" 2). */
export interface AjvFactoryOptions {
  customOptions?: Record<string, unknown>
  plugins?: Array<unknown>
}

/** Everything `arbor(options)` accepts. */
export interface ArborOptions {
  /** `true`, pino options (plus `stream`, where lines are written), or a pino-compatible logger */
  logger?: boolean | (LoggerOptions & { stream?: { write(msg: string): void } }) | Logger
  bodyLimit?: number
  caseSensitive?: boolean
  ignoreTrailingSlash?: boolean
  ignoreDuplicateSlashes?: boolean
  maxParamLength?: number
  onProtoPoisoning?: PoisoningAction
  onConstructorPoisoning?: PoisoningAction
  return503OnClosing?: boolean
  requestIdHeader?: string | false
  requestIdLogLabel?: string
  genReqId?: (req: IncomingMessage) => string
  disableRequestLogging?: boolean
  connectionTimeout?: number
  keepAliveTimeout?: number
  requestTimeout?: number
  forceCloseConnections?: boolean | 'idle'
  pluginTimeout?: number
  exposeHeadRoutes?: boolean
  querystringParser?: (query: string) => Record<string, unknown>
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
   * When the default compilers compile route schemas: `'lazy'` (default) checks each schema
   * at ready and compiles it on the route's first request; `'eager'` compiles all at ready.
   */
  compileSchemas?: 'lazy' | 'eager'
}

/** The options after defaults are applied; every field is present. */
export interface ResolvedOptions {
  logger: ArborOptions['logger']
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
  disableRequestLogging: boolean
  connectionTimeout: number
  keepAliveTimeout: number
  requestTimeout: number
  forceCloseConnections: boolean | 'idle'
  pluginTimeout: number
  exposeHeadRoutes: boolean
  querystringParser: ((query: string) => Record<string, unknown>) | undefined
  ajv: AjvFactoryOptions
  schemaErrorFormatter: SchemaErrorFormatter | undefined
  constraints: Record<string, ConstraintStrategy> | undefined
  rewriteUrl: ArborOptions['rewriteUrl']
  trustProxy: TrustProxy
  versioning: ArborOptions['versioning']
  compileSchemas: 'lazy' | 'eager'
}

type Check = (value: unknown) => boolean
const isBool: Check = (v) => typeof v === 'boolean'
const isNonNegInt: Check = (v) => Number.isInteger(v) && (v as number) >= 0
const isPosInt: Check = (v) => Number.isInteger(v) && (v as number) > 0
const isFn: Check = (v) => typeof v === 'function'
const isObject: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
const isPoisoning: Check = (v) => v === 'error' || v === 'remove' || v === 'ignore'

// One row per option: how to check it and what the message says it should be.
const checks: Record<keyof ArborOptions, [Check, string]> = {
  logger: [(v) => typeof v === 'boolean' || isObject(v), 'a boolean, pino options or a logger'],
  bodyLimit: [isPosInt, 'an integer greater than 0'],
  caseSensitive: [isBool, 'a boolean'],
  ignoreTrailingSlash: [isBool, 'a boolean'],
  ignoreDuplicateSlashes: [isBool, 'a boolean'],
  maxParamLength: [isPosInt, 'an integer greater than 0'],
  onProtoPoisoning: [isPoisoning, "'error', 'remove' or 'ignore'"],
  onConstructorPoisoning: [isPoisoning, "'error', 'remove' or 'ignore'"],
  return503OnClosing: [isBool, 'a boolean'],
  requestIdHeader: [
    (v) => v === false || (typeof v === 'string' && v.length > 0),
    'a header name or false',
  ],
  requestIdLogLabel: [(v) => typeof v === 'string' && v.length > 0, 'a non-empty string'],
  genReqId: [isFn, 'a function'],
  disableRequestLogging: [isBool, 'a boolean'],
  connectionTimeout: [isNonNegInt, 'an integer >= 0 (milliseconds)'],
  keepAliveTimeout: [isNonNegInt, 'an integer >= 0 (milliseconds)'],
  requestTimeout: [isNonNegInt, 'an integer >= 0 (milliseconds)'],
  forceCloseConnections: [(v) => typeof v === 'boolean' || v === 'idle', "a boolean or 'idle'"],
  pluginTimeout: [isNonNegInt, 'an integer >= 0 (milliseconds)'],
  exposeHeadRoutes: [isBool, 'a boolean'],
  querystringParser: [isFn, 'a function'],
  ajv: [isObject, 'an object { customOptions?, plugins? }'],
  schemaErrorFormatter: [isFn, 'a function'],
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
  compileSchemas: [(v) => v === 'lazy' || v === 'eager', "'lazy' or 'eager'"],
}

/** Checks every option the user gave and fills in the defaults; a wrong type names the option. */
export function resolveOptions(options: ArborOptions | undefined): ResolvedOptions {
  if (options === undefined || options === null) options = {}
  if (!isObject(options)) throw new errorCodes.FST_ERR_OPTIONS_NOT_OBJ()
  for (const [name, value] of Object.entries(options)) {
    const row = checks[name as keyof ArborOptions]
    if (row === undefined || value === undefined) continue
    if (!row[0](value)) {
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
        `option "${name}" must be ${row[1]}, got ${describe(value)}`,
      )
    }
  }
  const ajv = options.ajv ?? {}
  if (ajv.customOptions !== undefined && !isObject(ajv.customOptions)) {
    throw new errorCodes.FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ(describe(ajv.customOptions))
  }
  if (ajv.plugins !== undefined && !Array.isArray(ajv.plugins)) {
    throw new errorCodes.FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_ARR(describe(ajv.plugins))
  }
  if (
    options.schemaErrorFormatter !== undefined &&
    options.schemaErrorFormatter.constructor.name === 'AsyncFunction'
  ) {
    throw new errorCodes.FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN('AsyncFunction')
  }
  return {
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    caseSensitive: options.caseSensitive ?? true,
    ignoreTrailingSlash: options.ignoreTrailingSlash ?? false,
    ignoreDuplicateSlashes: options.ignoreDuplicateSlashes ?? false,
    maxParamLength: options.maxParamLength ?? 100,
    onProtoPoisoning: options.onProtoPoisoning ?? 'error',
    onConstructorPoisoning: options.onConstructorPoisoning ?? 'error',
    return503OnClosing: options.return503OnClosing ?? true,
    requestIdHeader: options.requestIdHeader ?? 'request-id',
    requestIdLogLabel: options.requestIdLogLabel ?? 'reqId',
    genReqId: options.genReqId,
    disableRequestLogging: options.disableRequestLogging ?? false,
    connectionTimeout: options.connectionTimeout ?? 0,
    keepAliveTimeout: options.keepAliveTimeout ?? 72_000,
    requestTimeout: options.requestTimeout ?? 0,
    forceCloseConnections: options.forceCloseConnections ?? 'idle',
    pluginTimeout: options.pluginTimeout ?? 10_000,
    exposeHeadRoutes: options.exposeHeadRoutes ?? true,
    querystringParser: options.querystringParser,
    ajv,
    schemaErrorFormatter: options.schemaErrorFormatter,
    constraints: options.constraints,
    rewriteUrl: options.rewriteUrl,
    trustProxy: options.trustProxy ?? false,
    versioning: options.versioning,
    compileSchemas: options.compileSchemas ?? 'lazy',
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
