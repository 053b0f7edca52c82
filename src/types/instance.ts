// The instance, request, reply, handler, hook, route and plugin types refer to each other
// (a handler's `this` is the instance, `request.server` is the instance, and so on), so they
// share this one file; the types that stand alone live beside it.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Readable } from 'node:stream'
import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import type { ContentTypeParserOptions, ParserDone, PoisoningAction } from './content.ts'
import type { HookName } from './hook-names.ts'
import type {
  BodyOf,
  HeadersOf,
  ParamsOf,
  QueryOf,
  ReplyOf,
  RouteGenericInterface,
} from './http.ts'
import type { ContextDescription, PrintContextsOptions, RouteDescription } from './inspect.ts'
import type { ArborLogger, ChildLoggerOptions } from './logger.ts'
import type { ConstraintStrategy } from './routing.ts'
import type {
  JSONSchema,
  RouteSchema,
  SchemaControllerOptions,
  SchemaErrorFormatter,
  SerializerCompiler,
  SerializerFunction,
  ValidatorCompiler,
} from './schema.ts'
import type {
  InitialConfig,
  ListenCallback,
  ListeningAddress,
  ListenOptions,
  PrintRoutesOptions,
} from './server.ts'

/** What arbor hands an error handler: an Error, possibly carrying HTTP and validation facts. */
export interface ArborErrorLike extends Error {
  code?: string
  statusCode?: number
  status?: number
  validation?: unknown
  validationContext?: string
}

export type DoneCallback = (err?: Error | null) => void

// ---- handlers ----

export type RouteHandler<G extends RouteGenericInterface = RouteGenericInterface> = (
  this: ArborInstance,
  request: ArborRequest<G>,
  reply: ArborReply<G>,
) => unknown

export type ErrorHandler = (
  this: ArborInstance,
  error: ArborErrorLike,
  request: ArborRequest,
  reply: ArborReply,
) => unknown

export type NotFoundHandler = RouteHandler

/**
 * Builds the logger of one request (`setChildLoggerFactory`, the `childLoggerFactory` option
 * and route option): `this` is the instance of the route's context; the default is
 * `logger.child(bindings, opts)`. It must return a logger (FST_ERR_LOG_INVALID_LOGGER).
 */
export type ChildLoggerFactory = (
  this: ArborInstance,
  logger: ArborLogger,
  bindings: Record<string, unknown>,
  opts: ChildLoggerOptions,
  rawReq: IncomingMessage,
) => ArborLogger

// ---- hooks ----

export type RequestHook = (
  this: ArborInstance,
  request: ArborRequest,
  reply: ArborReply,
  done: DoneCallback,
) => unknown
export type PayloadHook<P = unknown> = (
  this: ArborInstance,
  request: ArborRequest,
  reply: ArborReply,
  payload: P,
  done: (err?: Error | null, payload?: P) => void,
) => unknown
export type ErrorHook = (
  this: ArborInstance,
  request: ArborRequest,
  reply: ArborReply,
  error: ArborErrorLike,
  done: DoneCallback,
) => unknown

/** onRequestAbort gets no reply: the client is gone (Fastify's signature). */
export type RequestAbortHook = (
  this: ArborInstance,
  request: ArborRequest,
  done: DoneCallback,
) => unknown

/** The signature of each hook `addHook` accepts, by name (docs/hooks.md). */
export interface HookSignatures {
  onRequest: RequestHook
  preParsing: PayloadHook<Readable>
  preValidation: RequestHook
  preHandler: RequestHook
  preSerialization: PayloadHook
  onSend: PayloadHook
  onResponse: RequestHook
  onError: ErrorHook
  onTimeout: RequestHook
  onRequestAbort: RequestAbortHook
  onRoute: (this: ArborInstance, options: RouteOptions) => void
  onRegister: (instance: ArborInstance, options: Record<string, unknown>) => void
  onReady: (this: ArborInstance, done: DoneCallback) => unknown
  onListen: (this: ArborInstance, done: DoneCallback) => unknown
  preClose: (this: ArborInstance, done: DoneCallback) => unknown
  onClose: (instance: ArborInstance, done: DoneCallback) => unknown
}

export interface RouteHooks {
  onRequest?: RequestHook | RequestHook[]
  preParsing?: PayloadHook<Readable> | PayloadHook<Readable>[]
  preValidation?: RequestHook | RequestHook[]
  preHandler?: RequestHook | RequestHook[]
  preSerialization?: PayloadHook | PayloadHook[]
  onSend?: PayloadHook | PayloadHook[]
  onResponse?: RequestHook | RequestHook[]
  onError?: ErrorHook | ErrorHook[]
  onTimeout?: RequestHook | RequestHook[]
  onRequestAbort?: RequestAbortHook | RequestAbortHook[]
}

// ---- routes ----

/** The options object of `route()` and of the shorthands. */
export interface RouteOptions<G extends RouteGenericInterface = RouteGenericInterface>
  extends RouteHooks {
  method: string | string[]
  url?: string
  path?: string
  handler: RouteHandler<G>
  schema?: RouteSchema
  attachValidation?: boolean
  config?: Record<string, unknown>
  errorHandler?: ErrorHandler
  validatorCompiler?: ValidatorCompiler
  serializerCompiler?: SerializerCompiler
  schemaErrorFormatter?: SchemaErrorFormatter
  bodyLimit?: number
  logLevel?: string
  /** pino serializers added, for this route's request loggers, to its context's */
  logSerializers?: Record<string, (value: never) => unknown>
  /** builds this route's request loggers (overrides `setChildLoggerFactory`) */
  childLoggerFactory?: ChildLoggerFactory
  exposeHeadRoute?: boolean
  /** what a request must also match: `host`, `version` (Accept-Version) or a custom strategy */
  constraints?: Record<string, unknown>
  /** @deprecated FSTDEP008: use `constraints: { version }` */
  version?: string
  prefixTrailingSlash?: 'slash' | 'no-slash' | 'both'
  /** set by arbor for onRoute: the prefix of the route's context */
  prefix?: string
  /** set by arbor for onRoute: the path as written, without the prefix */
  routePath?: string
}

/** Route options given to a shorthand (`get`, `post`, …): method and url come from the call. */
export type ShorthandRouteOptions<G extends RouteGenericInterface = RouteGenericInterface> = Omit<
  RouteOptions<G>,
  'method' | 'url' | 'path' | 'handler'
> & { handler?: RouteHandler<G> }

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

// ---- request and reply ----

/**
 * The request handed to hooks and handlers. An interface, so applications can declare the
 * properties their request decorators add:
 * @example
 * declare module 'arbor' { interface ArborRequest { user?: { id: string } } }
 */
export interface ArborRequest<G extends RouteGenericInterface = RouteGenericInterface> {
  id: string
  params: ParamsOf<G>
  query: QueryOf<G>
  body: BodyOf<G>
  validationError?: Error & { validation?: unknown; validationContext?: string }
  readonly raw: IncomingMessage
  readonly log: ArborLogger
  readonly headers: HeadersOf<G>
  readonly url: string
  readonly originalUrl: string
  readonly method: string
  readonly ip: string | undefined
  readonly ips?: string[]
  readonly hostname: string
  readonly protocol: 'http' | 'https'
  readonly socket: Socket
  readonly routeOptions: RequestRouteOptions
  /** @deprecated FSTDEP016: use `routeOptions.config` */
  readonly routeConfig: Record<string, unknown>
  /** @deprecated FSTDEP015: use `routeOptions.schema` */
  readonly routeSchema: Record<string, unknown> | undefined
  /** @deprecated FSTDEP017: use `routeOptions.url` */
  readonly routerPath: string
  /** @deprecated FSTDEP018: use `routeOptions.method` */
  readonly routerMethod: string | string[]
  readonly is404: boolean
  readonly server: ArborInstance
}

export type ReplyHeaderValue = string | number | string[] | undefined

/**
 * Computes one HTTP trailer once the body is out: call `done(err, value)`, or be `async` and
 * return the value. `payload` is the body as sent (`null` for a stream). Returning the value
 * from a plain function still works but is deprecated (FSTDEP013), as in Fastify 4.
 */
export type ReplyTrailerFunction = (
  reply: ArborReply,
  payload: string | Buffer | null | undefined,
  done: (err: Error | null, value?: string) => void,
) => unknown

/**
 * The reply handed to hooks and handlers. An interface, so applications can declare the
 * properties their reply decorators add:
 * @example
 * declare module 'arbor' { interface ArborReply { sendOk(): void } }
 */
export interface ArborReply<G extends RouteGenericInterface = RouteGenericInterface> {
  readonly raw: ServerResponse
  readonly request: ArborRequest<G>
  readonly log: ArborLogger
  readonly server: ArborInstance
  statusCode: number
  /** `true` once the response went out or the reply was hijacked. Assigning `true` (Fastify 3's way to hijack) still works; use `hijack()`. */
  sent: boolean
  readonly elapsedTime: number
  code(statusCode: number): this
  status(statusCode: number): this
  header(name: string, value: unknown): this
  headers(values: Record<string, unknown>): this
  getHeader(name: string): ReplyHeaderValue
  getHeaders(): Record<string, ReplyHeaderValue>
  removeHeader(name: string): this
  hasHeader(name: string): boolean
  type(contentType: string): this
  send(payload?: ReplyOf<G> | unknown): this
  serializer(fn: SerializerFunction): this
  serialize(payload: unknown): string
  redirect(url: string, code?: number): this
  redirect(code: number, url: string): this
  /** Continues with the not-found handler of the request's prefix. */
  callNotFound(): this
  hijack(): this
  getResponseTime(): number
  /**
   * Adds an HTTP trailer, sent after the body (the response goes out chunked, with a
   * `Trailer` header naming it). Names that may not be trailers throw FST_ERR_BAD_TRAILER_NAME.
   * @example
   * reply.trailer('server-timing', async () => `db;dur=${elapsed}`)
   */
  trailer(name: string, fn: ReplyTrailerFunction): this
  hasTrailer(name: string): boolean
  removeTrailer(name: string): this
  /**
   * The reply is thenable: `await reply` waits until the response has finished (it rejects if
   * the response fails), so a handler may send later, from a callback, and `await reply`.
   */
  then(fulfilled: () => void, rejected?: (err: Error) => void): void
}

// ---- content-type parsers ----

/** A parser that reads the stream itself: `(request, payload, done)` or async `(request, payload)`. */
export type StreamParser = (request: ArborRequest, payload: Readable, done: ParserDone) => unknown
/** A parser given the collected body (`parseAs: 'string' | 'buffer'`). */
export type BodyParser = (request: ArborRequest, body: string | Buffer, done: ParserDone) => unknown
export type ContentTypeParserFn = StreamParser | BodyParser
type ParserType = string | RegExp | Array<string | RegExp>

// ---- plugins ----

/** Options every plugin accepts, besides its own. */
export interface ArborPluginOptions {
  prefix?: string
  logLevel?: string
  /** pino serializers added, for the request loggers of this plugin's routes, to its parent's */
  logSerializers?: Record<string, (value: never) => unknown>
  [key: string]: unknown
}

/**
 * An async plugin: `async (instance, opts) => { ... }`.
 * @example
 * const users: ArborPluginAsync<{ table: string }> = async (app, opts) => {
 *   app.get('/users', async () => db.all(opts.table))
 * }
 */
export type ArborPluginAsync<Options extends object = Record<string, unknown>> = (
  instance: ArborInstance,
  opts: Options & ArborPluginOptions,
) => Promise<void>

/** A callback plugin: `(instance, opts, done) => { ...; done() }`. */
export type ArborPluginCallback<Options extends object = Record<string, unknown>> = (
  instance: ArborInstance,
  opts: Options & ArborPluginOptions,
  done: (err?: Error) => void,
) => void

// One signature (not a union) so that `register(async (child) => ...)` types `child`.
export type PluginFunction<O extends object> = (
  instance: ArborInstance,
  opts: O & ArborPluginOptions,
  done: (err?: Error) => void,
) => unknown
/** What `register` accepts: a plugin function, a module with a default export, or a promise of one. */
export type RegistrablePlugin<O extends object> =
  | PluginFunction<O>
  | { default: PluginFunction<O> }
  | PromiseLike<PluginFunction<O> | { default: PluginFunction<O> }>

// ---- the instance ----

// The method shorthands (spec "shorthand route methods"): `(path, handler)`,
// `(path, options, handler)` or `(path, options-with-handler)`.
type ShorthandArgs<G extends RouteGenericInterface> = [
  path: string,
  options: ShorthandRouteOptions<G> | RouteHandler<G>,
  handler?: RouteHandler<G>,
]
type DefaultGeneric = RouteGenericInterface

/**
 * An arbor application, or one encapsulation context of it. Every plugin gets its own
 * instance, created with its parent's instance as prototype (DESIGN.md "How encapsulation
 * works"): a decorator is a property, visible here and below, never above or beside.
 * An interface, so applications can declare their instance decorators on it.
 */
export interface ArborInstance {
  /** The Fastify version whose API arbor implements ('4.25.2'); plugins check their range on it. */
  readonly version: string
  /** arbor's own version. */
  readonly arborVersion: string
  /** The factory options of Fastify's configuration schema, validated and frozen. */
  readonly initialConfig: InitialConfig
  /** The logger of this context (pino, or a silent logger when logging is off). */
  readonly log: ArborLogger
  /** The route prefix of this context (`register(plugin, { prefix })`, nested). */
  readonly prefix: string
  /** The node:http server. */
  readonly server: Server
  /** The name of the plugin that created this context. */
  readonly pluginName: string

  // plugins and loading
  /** Registers a plugin; it gets its own context unless wrapped with `plugin()`. */
  register<O extends object = Record<string, unknown>>(
    plugin: RegistrablePlugin<O>,
    options?: (O & ArborPluginOptions) | ((parent: ArborInstance) => O & ArborPluginOptions),
  ): this & PromiseLike<void>
  /** Runs `callback` once everything registered before it has loaded. */
  after(
    callback?: (err: Error | null, done?: (err?: Error | null) => void) => unknown,
  ): this & PromiseLike<void>
  /** Loads every plugin, builds every route and runs onReady hooks. */
  ready(): Promise<this>
  ready(callback: (err: Error | null) => void): this
  /** Starts listening. `listen({ port, host })` returns the address; a callback form exists. */
  listen(options?: ListenOptions): Promise<string>
  listen(options: ListenOptions, callback: ListenCallback): void
  listen(callback: ListenCallback): void
  /** @deprecated the variadic forms (FSTDEP011): use `listen({ port, host, backlog })` */
  listen(port: number | string, host?: string, backlog?: number): Promise<string>
  /** @deprecated the variadic forms (FSTDEP011): use `listen({ port, host, backlog }, callback)` */
  listen(port: number | string, callback: ListenCallback): void
  /** @deprecated the variadic forms (FSTDEP011) */
  listen(port: number | string, host: string, callback: ListenCallback): void
  /** @deprecated the variadic forms (FSTDEP011) */
  listen(port: number | string, host: string, backlog: number, callback: ListenCallback): void
  /** @deprecated the variadic forms (FSTDEP011) */
  listen(options: ListenOptions, backlog: number, callback: ListenCallback): void
  /** The addresses the server listens on. */
  addresses(): ListeningAddress[]
  /** Stops accepting connections, lets in-flight requests finish, runs onClose hooks. */
  close(): Promise<void>
  close(callback: (err?: Error | null) => void): this
  /** In-process requests (light-my-request); waits for `ready()` itself. */
  inject(): Chain
  inject(options: InjectOptions | string): Promise<InjectResponse>
  inject(
    options: InjectOptions | string,
    callback: (err: Error | null, res?: InjectResponse) => void,
  ): void

  // routes
  /** Registers a route (spec "Route options"). */
  route<G extends RouteGenericInterface = RouteGenericInterface>(options: RouteOptions<G>): this
  get<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  head<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  post<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  put<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  delete<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  options<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  patch<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  all<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  /**
   * Whether a request with this method, url and derived constraints would reach a route
   * (the router's lookup, so `/users/42` finds `/users/:id`); false when method or url is missing.
   */
  hasRoute(options: {
    method?: string
    url?: string
    constraints?: Record<string, unknown>
  }): boolean
  /** Adds a custom route constraint strategy; refused once the application has started. */
  addConstraintStrategy(strategy: ConstraintStrategy): void
  /** Whether a constraint strategy exists (the built-in `host` and `version` once a route uses them). */
  hasConstraintStrategy(name: string): boolean
  /** Routes a raw request as the server does: `rewriteUrl`, constraints, then the handler. */
  routing(req: IncomingMessage, res: ServerResponse): void
  /** The instance itself; a type provider changes only types. */
  withTypeProvider<_Provider = unknown>(): this
  /** The route tree, as text. */
  printRoutes(options?: PrintRoutesOptions): string
  /** The context tree, with each plugin's name and load time, as text. */
  printPlugins(): string

  // decorators
  /** Adds a property to this instance, visible in this context and its descendants. */
  decorate<K extends string, V>(name: K, value: V, dependencies?: string[]): this & { [P in K]: V }
  /** Adds a property to requests of routes in this context and its descendants. */
  decorateRequest(name: string, value: unknown, dependencies?: string[]): this
  /** Adds a property to replies of routes in this context and its descendants. */
  decorateReply(name: string, value: unknown, dependencies?: string[]): this
  hasDecorator(name: string): boolean
  hasRequestDecorator(name: string): boolean
  hasReplyDecorator(name: string): boolean

  // hooks
  /** Adds a hook to this context (and its descendants); see docs/hooks.md for the names. */
  addHook<K extends HookName>(name: K, fn: HookSignatures[K]): this

  // schemas and compilers
  /** Adds a shared schema (spec "Shared schema"), visible here and below. */
  addSchema(schema: JSONSchema): this
  /** The shared schemas visible in this context, by `$id`. */
  getSchemas(): Record<string, JSONSchema>
  /** One shared schema visible in this context. */
  getSchema(id: string): JSONSchema | undefined
  setValidatorCompiler(compiler: ValidatorCompiler): this
  setSerializerCompiler(compiler: SerializerCompiler): this
  /** The validation-error formatter; `this` inside it is this instance (spec). */
  setSchemaErrorFormatter(formatter: SchemaErrorFormatter): this
  /** The serializer of every reply payload of this context and below, in place of JSON and the response schemas. */
  setReplySerializer(serializer: (payload: unknown, statusCode: number) => string): this
  /** Where shared schemas live and how default compilers are built, here and below. */
  setSchemaController(options: SchemaControllerOptions): this
  /** The validator compiler in effect: set here or above, or the default once built. */
  readonly validatorCompiler: ValidatorCompiler | undefined
  /** The serializer compiler in effect: set here or above, or the default once built. */
  readonly serializerCompiler: SerializerCompiler | undefined

  // logging
  /** How this context's routes build each request's logger, here and below. */
  setChildLoggerFactory(factory: ChildLoggerFactory): this
  /** The child logger factory in effect in this context. */
  readonly childLoggerFactory: ChildLoggerFactory

  // handlers
  /** The error handler for this context and its descendants. */
  setErrorHandler(handler: ErrorHandler): this
  /** The 404 handler for URLs under this context's prefix. */
  setNotFoundHandler(handler: NotFoundHandler): this
  setNotFoundHandler(options: RouteHooks & Record<string, unknown>, handler: NotFoundHandler): this
  /** arbor's default error handler, for handlers that want to fall back to it. */
  readonly errorHandler: ErrorHandler

  // content types
  /** Adds a body parser for a content type (string, RegExp, list, or '*'), in this context. */
  addContentTypeParser(
    type: ParserType,
    options: ContentTypeParserOptions & { parseAs: 'string' | 'buffer' },
    parser: BodyParser,
  ): this
  addContentTypeParser(
    type: ParserType,
    options: ContentTypeParserOptions,
    parser: StreamParser,
  ): this
  addContentTypeParser(type: ParserType, parser: StreamParser): this
  hasContentTypeParser(type: string | RegExp): boolean
  removeContentTypeParser(type: string | RegExp | Array<string | RegExp>): this
  removeAllContentTypeParsers(): this
  getDefaultJsonParser(onProto: PoisoningAction, onConstructor: PoisoningAction): BodyParser
  readonly defaultTextParser: BodyParser

  // the context inspector (docs/encapsulation.md "Inspecting the tree"); after ready()
  /** The context tree as data: per context what it registered and what it inherits. */
  describeContexts(): ContextDescription
  /** The context tree as text; what a context inherits is marked `(from <context>)`. */
  printContexts(options?: PrintContextsOptions): string
  /** What the route that answers `method url` sees, or null when none does. */
  describeRoute(method: string, url: string): RouteDescription | null
  /** What one route sees, as text: hooks in run order with their context, and the rest. */
  printRoute(method: string, url: string): string
}

export type { IncomingMessage, ServerResponse }
