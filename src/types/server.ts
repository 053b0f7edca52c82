/** `listen()` options. */
export interface ListenOptions {
  port?: number | string
  host?: string
  backlog?: number
}
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
  readonly disableRequestLogging: boolean
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
}
