/** `listen()` options: node's `server.listen()` options, plus `signal` and `listenTextResolver`. */
export interface ListenOptions {
  /** 0 (the default) picks a free port; a numeric string is read as a number */
  port?: number | string | null
  /** arbor's default is 127.0.0.1 (Fastify's: localhost) */
  host?: string
  backlog?: number
  /** a unix socket or Windows pipe to listen on instead of a port */
  path?: string
  exclusive?: boolean
  readableAll?: boolean
  writableAll?: boolean
  ipv6Only?: boolean
  /** aborting it closes the application */
  signal?: AbortSignal
  /** the text of the "listening" log line: `(address) => text` */
  listenTextResolver?: (address: string) => string
}
/** `address` is null when listening failed. */
export type ListenCallback = (err: Error | null, address: string) => void

/** `printRoutes()` options (find-my-way's printer). */
export interface PrintRoutesOptions {
  /** print the routes as a list of methods per path instead of the radix tree */
  commonPrefix?: boolean
  includeMeta?: boolean | string[]
  includeHooks?: boolean
  method?: string
}

/** One address the server listens on. */
export interface ListeningAddress {
  address: string
  family: string
  port: number
}

/**
 * `instance.initialConfig`: the factory options of Fastify's configuration schema, validated,
 * coerced, defaulted and frozen. Functions, loggers and certificates are never in it.
 */
export interface InitialConfig {
  readonly connectionTimeout: number
  readonly keepAliveTimeout: number
  readonly forceCloseConnections?: boolean | string
  readonly maxRequestsPerSocket: number | null
  readonly requestTimeout: number
  readonly bodyLimit: number
  readonly caseSensitive: boolean
  readonly allowUnsafeRegex: boolean
  readonly http2?: boolean
  readonly https?: boolean | { readonly allowHTTP1: boolean }
  readonly ignoreTrailingSlash: boolean
  readonly ignoreDuplicateSlashes: boolean
  /** a function given as `disableRequestLogging` is shown as it is, as Fastify 5 does */
  readonly disableRequestLogging: boolean | ((request: never) => boolean)
  readonly jsonShorthand: boolean
  readonly maxParamLength: number
  readonly onProtoPoisoning: string
  readonly onConstructorPoisoning: string
  readonly pluginTimeout: number
  readonly requestIdHeader: string | false
  readonly requestIdLogLabel: string
  readonly http2SessionTimeout: number
  readonly exposeHeadRoutes: boolean
  readonly versioning?: Readonly<Record<string, unknown>>
  readonly constraints?: Readonly<Record<string, unknown>>
  /** as given, when given (Fastify 5's option in every line) */
  readonly useSemicolonDelimiter?: boolean
  /** the `routerOptions` given, with its checked keys filled in (Fastify 5's option) */
  readonly routerOptions?: Readonly<Record<string, unknown>>
}
