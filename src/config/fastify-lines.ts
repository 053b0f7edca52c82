// Every difference between the two Fastify lines arbor implements, one row each (DESIGN.md
// "Two Fastify lines, one framework"). Fastify 5's additions are in every line and are not
// listed here; a row exists only where the same call gives a Fastify 4.25 app and a Fastify 5
// app different results. The line is chosen once per application (`fastifyLine`, or the
// `arbor/fastify4` and `arbor/fastify5` entries) and each row is read when the app or a route
// is built, never per request. docs/fastify-lines.md is this table in prose, with its tests.

import type { MethodBody } from './http-methods.ts'

/** The Fastify major lines an application can follow. */
export type FastifyLineNumber = 4 | 5

/** How one Fastify line behaves where the two lines differ. */
export interface FastifyLine {
  readonly major: FastifyLineNumber
  /** `instance.version`: the Fastify release whose behaviour the app follows */
  readonly version: string
  /** `request.hostname` keeps the Host header's port (4.25) or drops it (5; see `request.port`) */
  readonly hostnameWithPort: boolean
  /**
   * the find-my-way options given at the top level (`ignoreTrailingSlash`, `constraints`, ...)
   * warn FSTDEP022 (5: they belong in `routerOptions`); 4.25 knows only the top-level form
   */
  readonly warnTopLevelRouterOptions: boolean
  /** `useSemicolonDelimiter` when not given: `/a;b=1` is `/a` with query `b=1` (4.25) or a path (5) */
  readonly useSemicolonDelimiterDefault: boolean
  /**
   * a parameter longer than `maxParamLength`: 414 FST_ERR_MAX_PARAM_LENGTH through
   * `frameworkErrors` (5) or no route, a 404 (4.25)
   */
  readonly maxParamLengthError: boolean
  /**
   * `hasRoute()` finds the route by its registered pattern, method in any case (5), or routes
   * the url as a request would, method as given (4.25)
   */
  readonly hasRouteByPattern: boolean
  /**
   * a nested prefix without a leading `/` under a prefix ending with `/`: `/v1/` + `inner` is
   * `/v1//inner` (4.25) or `/v1/inner` (5)
   */
  readonly prefixSlashAfterTrailingSlash: boolean
  /**
   * the `/prefix/` twin of a plugin's `/` route (`prefixTrailingSlash: 'both'`) reports
   * `routeOptions.url` `/prefix` (5) or `/prefix/` (4.25)
   */
  readonly prefixRouteUrlWithoutSlash: boolean
  /** `requestIdHeader` when not given, or given as `''`: `'request-id'` (4.25) or none (5) */
  readonly requestIdHeaderDefault: string | false
  /**
   * After `removeTrailer()` removed every trailer, the response stays chunked, without
   * content-length (4.25), or is a plain response again, with its content-length (5)
   */
  readonly removedTrailersKeepChunked: boolean
  /**
   * An async plugin that also takes `done`: warned about (FSTWRN002, 4.25) or refused with
   * FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER (5)
   */
  readonly pluginMixedStyleThrows: boolean
  /**
   * The `cause` code of FST_ERR_PLUGIN_TIMEOUT for a plugin that never finishes: avvio 8's
   * AVV_ERR_READY_TIMEOUT (4.25) or avvio 9's AVV_ERR_PLUGIN_EXEC_TIMEOUT (5)
   */
  readonly pluginTimeoutCause: 'AVV_ERR_READY_TIMEOUT' | 'AVV_ERR_PLUGIN_EXEC_TIMEOUT'
  /** FST_ERR_HOOK_TIMEOUT of an onReady hook names the hook function (5) */
  readonly hookTimeoutNamesHook: boolean
  /**
   * The properties Request and Reply construct (`request.id`, `reply.raw`, ...) count as
   * decorators (5): `has*Decorator` sees them, decorating them throws, dependencies accept them
   */
  readonly builtinDecorators: boolean
  /** setErrorHandler called twice in one scope warns FSTWRN004 (5) */
  readonly errorHandlerOverrideWarning: boolean
  /** the `logger` option takes a ready-made logger (4.25) or only options (5: `loggerInstance`) */
  readonly loggerOptionTakesInstance: boolean
  /** the default `req` log serializer names the Host header `hostname` (4.25) or `host` (5) */
  readonly requestLogHostKey: 'hostname' | 'host'
  /**
   * `disableRequestLogging` also silences the default 404 handler's line and the default error
   * handler's and stream errors' lines (5), or only `incoming request` / `request completed` (4.25)
   */
  readonly disableRequestLoggingCoversErrors: boolean
  /**
   * The methods routed without `addHttpMethod`, and how their bodies are read: Fastify 4.25's
   * list (with the WebDAV methods, their bodies unread; DELETE and OPTIONS read when announced)
   * plus `QUERY`, or Fastify 5's nine (TRACE without a body; DELETE and OPTIONS like POST)
   */
  readonly builtInMethods: Readonly<Record<string, MethodBody>>
  /**
   * A HEAD route added after a GET route of the same path replaces the HEAD route exposed for
   * the GET (4.25), or is refused with FST_ERR_DUPLICATED_ROUTE (5: declare it before the GET)
   */
  readonly replaceExposedHead: boolean
  /**
   * With `forceCloseConnections: 'idle'`, `close()` calls closeIdleConnections itself on a
   * server it built, before node's `server.close()` calls it again (4.25), or leaves that to
   * node (5). A `serverFactory` server gets the extra call in both lines.
   */
  readonly closeIdleOnOwnServer: boolean
  /**
   * An invalid JSON body's 400 FST_ERR_CTP_INVALID_JSON_BODY says what JSON.parse said (4.25,
   * whose error was the SyntaxError itself), or `Body is not valid JSON but content-type is set
   * to 'application/json'` (5)
   */
  readonly jsonSyntaxErrorMessage: boolean
  /**
   * `listen({ host: '0.0.0.0' })` resolves `http://0.0.0.0:port` (4.25), or the address of the
   * first IPv4 interface, internal ones first, logging a line for each interface (5)
   */
  readonly resolveAnyAddress: boolean
  /** `request.params` is a plain object (4.25) or has a null prototype (5) */
  readonly nullPrototypeParams: boolean
  /**
   * A request part whose whole value Ajv coerced (a body `"10"` for `type: 'integer'`) keeps
   * the value as sent (4.25) or gets the coerced one (5)
   */
  readonly assignCoercedRoot: boolean
  /**
   * `reply.sent = true` hijacks the reply with FSTDEP010 (4.25), or `sent` has no setter, so
   * assigning it throws a TypeError in strict code (5: use `reply.hijack()`)
   */
  readonly replySentSettable: boolean
  /**
   * A plugin whose `fastify` range only Fastify 5 satisfies (`'5.x'`) loads with one warning
   * per plugin name and application, ARBOR_PLUGIN_FASTIFY5_ONLY, saying how to choose the
   * Fastify 5 line (4.25); silent (5). In both lines a range either line satisfies loads.
   */
  readonly warnFastify5OnlyPlugins: boolean
  /**
   * `addHook('preClose')` waits, as the request hooks do, for what was registered before it to
   * load (4.25), or adds the hook at once (5): with a wrapped plugin that adds its own preClose
   * hook, the root's hook added after `register()` runs after the plugin's (4.25) or before (5)
   */
  readonly queuePreCloseHook: boolean
}

// Fastify 4.25.2's supportedMethods, in its order, and its handleRequest's body rules; QUERY
// (RFC 10008) is a Fastify 5 addition, so the Fastify 4 line routes it too.
const fastify4Methods: Readonly<Record<string, MethodBody>> = {
  DELETE: 'announced',
  GET: 'none',
  HEAD: 'none',
  PATCH: 'parsed',
  POST: 'parsed',
  PUT: 'parsed',
  OPTIONS: 'announced',
  PROPFIND: 'unread',
  PROPPATCH: 'unread',
  MKCOL: 'unread',
  COPY: 'unread',
  MOVE: 'unread',
  LOCK: 'unread',
  UNLOCK: 'unread',
  TRACE: 'parsed',
  SEARCH: 'parsed',
  REPORT: 'unread',
  MKCALENDAR: 'unread',
  QUERY: 'required',
}

// Fastify 5's bodyless methods, then those with a body, as its supportedMethods lists them.
const fastify5Methods: Readonly<Record<string, MethodBody>> = {
  GET: 'none',
  HEAD: 'none',
  TRACE: 'none',
  DELETE: 'parsed',
  OPTIONS: 'parsed',
  PATCH: 'parsed',
  PUT: 'parsed',
  POST: 'parsed',
  QUERY: 'required',
}

/** The rows of the table, by line. */
export const fastifyLines: Readonly<Record<FastifyLineNumber, FastifyLine>> = {
  4: {
    major: 4,
    version: '4.25.2',
    hostnameWithPort: true,
    warnTopLevelRouterOptions: false,
    useSemicolonDelimiterDefault: true,
    maxParamLengthError: false,
    hasRouteByPattern: false,
    prefixSlashAfterTrailingSlash: true,
    prefixRouteUrlWithoutSlash: false,
    requestIdHeaderDefault: 'request-id',
    removedTrailersKeepChunked: true,
    pluginMixedStyleThrows: false,
    pluginTimeoutCause: 'AVV_ERR_READY_TIMEOUT',
    hookTimeoutNamesHook: false,
    builtinDecorators: false,
    errorHandlerOverrideWarning: false,
    loggerOptionTakesInstance: true,
    requestLogHostKey: 'hostname',
    disableRequestLoggingCoversErrors: false,
    builtInMethods: fastify4Methods,
    replaceExposedHead: true,
    closeIdleOnOwnServer: true,
    jsonSyntaxErrorMessage: true,
    resolveAnyAddress: false,
    nullPrototypeParams: false,
    assignCoercedRoot: false,
    replySentSettable: true,
    warnFastify5OnlyPlugins: true,
    queuePreCloseHook: true,
  },
  5: {
    major: 5,
    version: '5.12.1',
    hostnameWithPort: false,
    warnTopLevelRouterOptions: true,
    useSemicolonDelimiterDefault: false,
    maxParamLengthError: true,
    hasRouteByPattern: true,
    prefixSlashAfterTrailingSlash: false,
    prefixRouteUrlWithoutSlash: true,
    requestIdHeaderDefault: false,
    removedTrailersKeepChunked: false,
    pluginMixedStyleThrows: true,
    pluginTimeoutCause: 'AVV_ERR_PLUGIN_EXEC_TIMEOUT',
    hookTimeoutNamesHook: true,
    builtinDecorators: true,
    errorHandlerOverrideWarning: true,
    loggerOptionTakesInstance: false,
    requestLogHostKey: 'host',
    disableRequestLoggingCoversErrors: true,
    builtInMethods: fastify5Methods,
    replaceExposedHead: false,
    closeIdleOnOwnServer: false,
    jsonSyntaxErrorMessage: false,
    resolveAnyAddress: true,
    nullPrototypeParams: true,
    assignCoercedRoot: true,
    replySentSettable: false,
    warnFastify5OnlyPlugins: false,
    queuePreCloseHook: false,
  },
}

/** The line arbor follows when an application does not choose: the spec's, Fastify 4.25. */
export const defaultFastifyLine: FastifyLineNumber = 4

/** Every implemented line's Fastify version, for the plugin version check. */
export const implementedFastifyVersions: readonly string[] = Object.values(fastifyLines).map(
  (line) => line.version,
)
