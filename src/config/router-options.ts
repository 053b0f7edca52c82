import type { IncomingMessage, ServerResponse } from 'node:http'
import { errorCodes } from '../errors.ts'
import type { ConstraintStrategy } from '../types/routing.ts'
import type { FastifyLine } from './fastify-lines.ts'
import { FSTDEP022 } from './warnings.ts'

/** A find-my-way callback for a request it cannot route (`defaultRoute`). */
export type RouterFallback = (req: IncomingMessage, res: ServerResponse) => void
/** A find-my-way callback for a bad path (`onBadUrl`, `onMaxParamLength`). */
export type RouterPathFallback = (path: string, req: IncomingMessage, res: ServerResponse) => void

/**
 * Fastify 5's `routerOptions`: the find-my-way options in one object. Each wins over its
 * top-level form; other find-my-way options given here are passed to the router as they are.
 */
export interface RouterOptions {
  caseSensitive?: boolean
  ignoreTrailingSlash?: boolean
  ignoreDuplicateSlashes?: boolean
  maxParamLength?: number
  allowUnsafeRegex?: boolean
  /** split the query string from the path at `;` as well as at `?` */
  useSemicolonDelimiter?: boolean
  querystringParser?: (query: string) => Record<string, unknown>
  constraints?: Record<string, ConstraintStrategy>
  /** answers every request no route matches (arbor's not-found handling is then bypassed) */
  defaultRoute?: RouterFallback
  /** answers a path that cannot be decoded (instead of FST_ERR_BAD_URL) */
  onBadUrl?: RouterPathFallback
  /** answers a path whose parameter is longer than `maxParamLength` */
  onMaxParamLength?: RouterPathFallback
  /** the metadata `printRoutes({ includeMeta: true })` shows for a route */
  buildPrettyMeta?: (route: { path: string; method: string; store: unknown }) => object
  /**
   * Compile the route tree into generated lookup code once every route is registered, before
   * the onReady hooks (find-my-way's compiler mode, Fastify 5.12.8's option). Default `false`.
   */
  compile?: boolean
  [option: string]: unknown
}

/** The router options an application uses, each resolved from both forms and the defaults. */
export interface ResolvedRouterOptions {
  caseSensitive: boolean
  ignoreTrailingSlash: boolean
  ignoreDuplicateSlashes: boolean
  maxParamLength: number
  allowUnsafeRegex: boolean
  useSemicolonDelimiter: boolean
  querystringParser: ((query: string) => Record<string, unknown>) | undefined
  constraints: Record<string, ConstraintStrategy> | undefined
  /** compile the router's trees at ready (find-my-way's compiler mode) */
  compile: boolean
  /** what `routerOptions` gave beyond the options above, for the router as they are */
  extra: Record<string, unknown>
}

// Fastify 5's router keys: those that may be given at the top level too (FSTDEP022 there).
const routerKeys = [
  'allowUnsafeRegex',
  'buildPrettyMeta',
  'caseSensitive',
  'constraints',
  'defaultRoute',
  'ignoreDuplicateSlashes',
  'ignoreTrailingSlash',
  'maxParamLength',
  'onBadUrl',
  'onMaxParamLength',
  'querystringParser',
  'useSemicolonDelimiter',
] as const

// The keys arbor resolves itself; the rest of routerOptions goes to the router untouched.
const resolvedKeys = new Set<string>([
  'caseSensitive',
  'ignoreTrailingSlash',
  'ignoreDuplicateSlashes',
  'maxParamLength',
  'allowUnsafeRegex',
  'useSemicolonDelimiter',
  'querystringParser',
  'constraints',
  'compile',
])

// The keys Fastify's configuration schema checks and coerces inside routerOptions.
const schemaKeys = new Set<string>([
  'ignoreTrailingSlash',
  'ignoreDuplicateSlashes',
  'maxParamLength',
  'allowUnsafeRegex',
  'useSemicolonDelimiter',
])

/** The top-level options that are router options, as the factory's options carry them. */
type TopLevel = Partial<Record<(typeof routerKeys)[number], unknown>> & {
  routerOptions?: RouterOptions | null
}

/**
 * Refuses a querystring parser that is not a function (FST_ERR_QSP_NOT_FN), in either form, and
 * warns FSTDEP022 for top-level router options where the line does (Fastify 5).
 */
export function checkRouterOptions(options: TopLevel, line: FastifyLine): void {
  const compile = options.routerOptions?.compile
  if (compile !== undefined && typeof compile !== 'boolean') {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      `option "routerOptions.compile" must be a boolean, got ${typeof compile}`,
    )
  }
  const nested = options.routerOptions?.querystringParser
  if (
    (options.querystringParser && typeof options.querystringParser !== 'function') ||
    (nested && typeof nested !== 'function')
  ) {
    throw new errorCodes.FST_ERR_QSP_NOT_FN(typeof (options.querystringParser ?? nested))
  }
  if (!line.warnTopLevelRouterOptions) return
  const used = routerKeys.filter((key) => Object.hasOwn(options, key))
  if (used.length > 0) FSTDEP022(used.join(', '))
}

/**
 * What `initialConfig.routerOptions` is checked from: the given object, its schema'd keys
 * filled from the top-level form or the line's default (the user's object is not changed).
 */
export function routerOptionsForConfig(
  options: TopLevel,
  line: FastifyLine,
): Record<string, unknown> | undefined {
  const given = options.routerOptions
  if (given === undefined || given === null) return undefined
  // not an object: the schema refuses it as given (FST_ERR_INIT_OPTS_INVALID `must be object`)
  if (typeof given !== 'object' || Array.isArray(given)) return given
  return {
    ignoreTrailingSlash: options.ignoreTrailingSlash ?? false,
    ignoreDuplicateSlashes: options.ignoreDuplicateSlashes ?? false,
    maxParamLength: options.maxParamLength ?? 100,
    allowUnsafeRegex: options.allowUnsafeRegex ?? false,
    useSemicolonDelimiter: options.useSemicolonDelimiter ?? line.useSemicolonDelimiterDefault,
    ...given,
  }
}

/**
 * Resolves each router option: `routerOptions` (checked and coerced by the config schema) over
 * the top-level form (also checked) over the default. `config` holds the checked values.
 */
export function resolveRouterOptions(
  options: TopLevel,
  config: {
    caseSensitive: boolean
    ignoreTrailingSlash: boolean
    ignoreDuplicateSlashes: boolean
    maxParamLength: number
    allowUnsafeRegex: boolean
    useSemicolonDelimiter?: boolean
    routerOptions?: Record<string, unknown>
  },
  line: FastifyLine,
): ResolvedRouterOptions {
  const given = options.routerOptions ?? {}
  const checked = config.routerOptions ?? {}
  // the schema'd keys are read coerced (`'10'` is 10); functions and strategies as given
  const pick = <T>(key: string, topLevel: T): T =>
    Object.hasOwn(given, key) ? ((schemaKeys.has(key) ? checked[key] : given[key]) as T) : topLevel
  const extra: Record<string, unknown> = {}
  for (const key of Object.keys(given)) {
    if (!resolvedKeys.has(key)) extra[key] = given[key]
  }
  return {
    caseSensitive: pick('caseSensitive', config.caseSensitive),
    ignoreTrailingSlash: pick('ignoreTrailingSlash', config.ignoreTrailingSlash),
    ignoreDuplicateSlashes: pick('ignoreDuplicateSlashes', config.ignoreDuplicateSlashes),
    maxParamLength: pick('maxParamLength', config.maxParamLength),
    allowUnsafeRegex: pick('allowUnsafeRegex', config.allowUnsafeRegex),
    useSemicolonDelimiter: pick(
      'useSemicolonDelimiter',
      config.useSemicolonDelimiter ?? line.useSemicolonDelimiterDefault,
    ),
    querystringParser: pick(
      'querystringParser',
      (options.querystringParser || undefined) as ResolvedRouterOptions['querystringParser'],
    ),
    constraints: pick('constraints', options.constraints as ResolvedRouterOptions['constraints']),
    compile: given.compile === true,
    extra,
  }
}
