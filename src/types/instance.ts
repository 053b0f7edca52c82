// The instance, request, reply, handler, hook, route and plugin types refer to each other
// (a handler's `this` is the instance, `request.server` is the instance, and so on), so they
// share this one file; the types that stand alone live beside it.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import type { ContentTypeParserOptions, ParserDone, PoisoningAction } from './content.ts'
import type {
  AddedBy,
  ContextTypes,
  Decorated,
  Decoration,
  DecoratorTypes,
  kProviderType,
  kReplyTypes,
  kRequestTypes,
  kSchemaTypes,
  kStatusType,
  ReplyStatusType,
  SchemaAdded,
  WithPluginAdds,
  WithProviderType,
  WithReplyTypes,
  WithRequestTypes,
  WithStatusType,
} from './context-types.ts'
import type { HookName } from './hook-names.ts'
import type { BodyOf, HeadersOf, ParamsOf, QueryOf, RouteGenericInterface } from './http.ts'
import type { ContextDescription, PrintContextsOptions, RouteDescription } from './inspect.ts'
import type { ArborLogger, ChildLoggerOptions } from './logger.ts'
import type { AllMethods, ChildOf, ContextThenable, Mounted, RouteAdded } from './route-table.ts'
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
import type { PayloadAt, ResolveRoute } from './schema-inference.ts'
import type {
  InitialConfig,
  ListenCallback,
  ListeningAddress,
  ListenOptions,
  PrintRoutesOptions,
} from './server.ts'
import type { ArborSharedSchemas, ResolveProvider } from './type-provider.ts'

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

/**
 * A route handler. `G` is the route generic, `S` the type of the route's `schema` and `I` the
 * instance type the route was added on: the request and reply carry the types the schema gives
 * (docs/typescript.md) and the decorators of `I`'s chain.
 */
export type RouteHandler<
  G extends RouteGenericInterface = RouteGenericInterface,
  S = RouteSchema,
  I extends ArborInstance = ArborInstance,
> = HandlerOf<I, RouteTypesOf<I, G, S>>

/** The request and reply types of one route (schema-inference.ts). */
export type RouteTypesOf<I extends ArborInstance, G, S> = ResolveRoute<
  G,
  S,
  ResolveProvider<I[typeof kProviderType]>,
  I[typeof kSchemaTypes]
>

/** The request a handler of instance type `I` gets, for route types `R`. */
export type RequestFor<
  I extends ArborInstance,
  R extends RouteGenericInterface = RouteGenericInterface,
> = ArborRequest<R> & I[typeof kRequestTypes]
/** The reply a handler of instance type `I` gets, for route types `R`. */
export type ReplyFor<
  I extends ArborInstance,
  R extends RouteGenericInterface = RouteGenericInterface,
> = ArborReply<R> & I[typeof kReplyTypes]

// What a handler may return: the route's response type (any declared status code), nothing
// (it sent with `reply.send`), or the reply itself; sync or async.
// biome-ignore lint/suspicious/noExplicitAny: any reply, whatever its route types
type AnyReply = ArborReply<any>
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that only calls reply.send returns void
type HandlerResult<R> = ReplyPayloadOf<R> | void | AnyReply
// Read by key, as the request parts are (http.ts): cheaper per route than `infer`.
type ReplyPayloadOf<R> = R extends { ReplyAny: unknown }
  ? R['ReplyAny']
  : R extends { Reply: unknown }
    ? R['Reply']
    : unknown

type HandlerOf<I extends ArborInstance, R extends RouteGenericInterface> = (
  this: I,
  request: RequestFor<I, R>,
  reply: ReplyFor<I, R>,
) => HandlerResult<R> | Promise<HandlerResult<R>>

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

// `I` is the instance type the hook is added on: its request and reply decorators are typed.
export type RequestHook<I extends ArborInstance = ArborInstance> = (
  this: I,
  request: RequestFor<I>,
  reply: ReplyFor<I>,
  done: DoneCallback,
) => unknown
export type PayloadHook<P = unknown, I extends ArborInstance = ArborInstance> = (
  this: I,
  request: RequestFor<I>,
  reply: ReplyFor<I>,
  payload: P,
  done: (err?: Error | null, payload?: P) => void,
) => unknown
export type ErrorHook<I extends ArborInstance = ArborInstance> = (
  this: I,
  request: RequestFor<I>,
  reply: ReplyFor<I>,
  error: ArborErrorLike,
  done: DoneCallback,
) => unknown

/** onRequestAbort gets no reply: the client is gone (Fastify's signature). */
export type RequestAbortHook<I extends ArborInstance = ArborInstance> = (
  this: I,
  request: RequestFor<I>,
  done: DoneCallback,
) => unknown

/** The signature of each hook `addHook` accepts, by name (docs/hooks.md). */
export interface HookSignatures<I extends ArborInstance = ArborInstance> {
  onRequest: RequestHook<I>
  preParsing: PayloadHook<Readable, I>
  preValidation: RequestHook<I>
  preHandler: RequestHook<I>
  preSerialization: PayloadHook<unknown, I>
  onSend: PayloadHook<unknown, I>
  onResponse: RequestHook<I>
  onError: ErrorHook<I>
  onTimeout: RequestHook<I>
  onRequestAbort: RequestAbortHook<I>
  onRoute: (this: I, options: RouteOptions) => void
  onRegister: (instance: ArborInstance, options: Record<string, unknown>) => void
  onReady: (this: I, done: DoneCallback) => unknown
  onListen: (this: I, done: DoneCallback) => unknown
  preClose: (this: I, done: DoneCallback) => unknown
  onClose: (instance: I, done: DoneCallback) => unknown
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
export interface RouteOptions<
  G extends RouteGenericInterface = RouteGenericInterface,
  S extends RouteSchema = RouteSchema,
  I extends ArborInstance = ArborInstance,
> extends RouteHooks {
  method: string | string[]
  url?: string
  path?: string
  handler: RouteHandler<G, S, I>
  /** Written `as const` (or TypeBox), it types the handler's request and reply. */
  schema?: S
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

// The options that do not depend on the route's types, computed once for every shorthand call.
type ShorthandBaseOptions = Omit<RouteOptions, 'method' | 'url' | 'path' | 'handler' | 'schema'>

/** Route options given to a shorthand (`get`, `post`, …): method and url come from the call. */
export type ShorthandRouteOptions<
  G extends RouteGenericInterface = RouteGenericInterface,
  S extends RouteSchema = RouteSchema,
  I extends ArborInstance = ArborInstance,
> = ShorthandBaseOptions & { schema?: S; handler?: RouteHandler<G, S, I> }

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
export interface ArborReply<G extends RouteGenericInterface = RouteGenericInterface>
  extends ReplyStatusType {
  readonly raw: ServerResponse
  readonly request: ArborRequest<G>
  readonly log: ArborLogger
  readonly server: ArborInstance
  statusCode: number
  /** `true` once the response went out or the reply was hijacked. Assigning `true` (Fastify 3's way to hijack) still works; use `hijack()`. */
  sent: boolean
  /** milliseconds since the request arrived (Fastify 5; `getResponseTime()` is the older name) */
  readonly elapsedTime: number
  /** the matched route's options, the same as `request.routeOptions` */
  readonly routeOptions: RequestRouteOptions
  /** @deprecated FSTDEP019: use `request.routeOptions.config` and `.schema` */
  readonly context: {
    config: Record<string, unknown>
    schema: Record<string, unknown> | undefined
  }
  /** Sets the status code; `send` then takes the response type declared for it. */
  code<C extends number>(statusCode: C): this & WithStatusType<C>
  status<C extends number>(statusCode: C): this & WithStatusType<C>
  header(name: string, value: unknown): this
  headers(values: Record<string, unknown>): this
  getHeader(name: string): ReplyHeaderValue
  getHeaders(): Record<string, ReplyHeaderValue>
  removeHeader(name: string): this
  hasHeader(name: string): boolean
  type(contentType: string): this
  /** the media type of the content-type header set so far (`text/html`), without parameters */
  readonly mediaType: string | undefined
  /**
   * The payload is checked against the response schema of the status code (`code(C)`). A web
   * `ReadableStream` is streamed; a fetch `Response` gives its status, headers and body.
   * @example
   * return fetch(upstreamUrl) // a Response: proxied as it is
   */
  send(
    payload?: PayloadAt<G, this[typeof kStatusType]> | Error | WebReadableStream | Response,
  ): this
  /**
   * Sends `103 Early Hints` (HTTP/1 and HTTP/2) before the response; `callback` once written.
   * @example
   * reply.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' })
   */
  writeEarlyHints(hints: Record<string, string | string[]>, callback?: () => void): this
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
export type ArborPluginAsync<
  Options extends object = Record<string, unknown>,
  Instance extends ArborInstance = ArborInstance,
> = (instance: Instance, opts: Options & ArborPluginOptions) => Promise<unknown>

/** A callback plugin: `(instance, opts, done) => { ...; done() }`. */
export type ArborPluginCallback<
  Options extends object = Record<string, unknown>,
  Instance extends ArborInstance = ArborInstance,
> = (instance: Instance, opts: Options & ArborPluginOptions, done: (err?: Error) => void) => void

// One signature (not a union) so that `register(async (child) => ...)` types `child`: the
// instance type of the context it is registered in, decorators included.
export type PluginFunction<
  O extends object,
  I extends ArborInstance = ArborInstance,
  Adds = unknown,
  R = unknown,
> = ((instance: I, opts: O & ArborPluginOptions, done: (err?: Error) => void) => R) &
  WithPluginAdds<Adds>
/** What `register` accepts: a plugin function, a module with a default export, or a promise of one. */
export type RegistrablePlugin<
  O extends object,
  I extends ArborInstance = ArborInstance,
  Adds = unknown,
  R = unknown,
> =
  | PluginFunction<O, I, Adds, R>
  | { default: PluginFunction<O, I, Adds, R> }
  | PromiseLike<PluginFunction<O, I, Adds, R> | { default: PluginFunction<O, I, Adds, R> }>

/**
 * The instance type of a context that has the decorators `D`, for a plugin written in its own
 * file that needs them: registering it where they are missing does not compile.
 * @example
 * type WithUser = ArborInstanceWith<{ request: { user: User | null } }>
 * const admin: ArborPluginAsync<{}, WithUser> = async (app) => {
 *   app.get('/admin', (request) => request.user?.admin)
 * }
 */
export type ArborInstanceWith<D extends DecoratorTypes> = Decorated<ArborInstance, D>

/**
 * A plugin wrapped with `plugin()`: it runs in the context that registers it, so what its
 * function returns (the instance it decorated) is added to that context's type by `register`.
 */
export type WrappedPlugin<O extends object, R> = ((
  instance: ArborInstance,
  opts: O & ArborPluginOptions,
  done: (err?: Error) => void,
) => R) &
  WithPluginAdds<AddedBy<R, ArborInstance>>

// ---- the instance ----

// The method shorthands (spec "shorthand route methods"): `(path, handler)`,
// `(path, options, handler)` or `(path, options-with-handler)`.
type ShorthandArgs<
  G extends RouteGenericInterface,
  S extends RouteSchema,
  I extends ArborInstance,
  P extends string = string,
> = [
  path: P,
  options: ShorthandRouteOptions<G, S, I> | RouteHandler<G, S, I>,
  handler?: RouteHandler<G, S, I>,
]
type DefaultGeneric = RouteGenericInterface

/**
 * A method shorthand that `addHttpMethod` adds. It returns the instance it is called on, with
 * that instance's type (`ArborInstance` when type arguments are given explicitly).
 * @example
 * const app = arbor().addHttpMethod('PROPFIND')
 * app.propfind('/files/*', async () => listing)
 */
export type RouteShorthand = <
  G extends RouteGenericInterface = DefaultGeneric,
  S extends RouteSchema = RouteSchema,
  I extends ArborInstance = ArborInstance,
>(
  this: I,
  ...args: ShorthandArgs<G, S, I>
) => I

/** What `addHttpMethod` takes besides the method. */
export interface AddHttpMethodOptions {
  /** Its request bodies are parsed (`false`: never read, and a body schema is refused). */
  hasBody?: boolean
  /** Changing a method that exists is meant: no FSTDEP025 warning. */
  overrideExisting?: boolean
}

/**
 * An arbor application, or one encapsulation context of it. Every plugin gets its own
 * instance, created with its parent's instance as prototype (DESIGN.md "How encapsulation
 * works"): a decorator is a property, visible here and below, never above or beside.
 * An interface, so applications can declare their instance decorators on it; the decorators
 * a chain adds (`decorate`, `decorateRequest`, `decorateReply`) are in the type it returns.
 */
/** What `hasRoute()` and `findRoute()` look for. */
export interface FindRouteOptions {
  method?: string
  url?: string
  constraints?: Record<string, unknown>
}

/** What `findRoute()` tells of a route: never the route's own record. */
export interface FoundRoute {
  handler: RouteHandler
  params: Record<string, string | undefined>
  searchParams: Record<string, unknown>
}

export interface ArborInstance extends ContextTypes<ArborSharedSchemas> {
  /** The Fastify version whose API arbor implements ('4.25.2'); plugins check their range on it. */
  readonly version: string
  /** arbor's own version. */
  readonly arborVersion: string
  /** The factory options of Fastify's configuration schema, validated and frozen. */
  readonly initialConfig: InitialConfig
  /**
   * The logger of this context (pino, or a silent logger when logging is off). Assignable, as in
   * Fastify: the value assigned is what `log` reads in this context and below.
   */
  log: ArborLogger
  /** The route prefix of this context (`register(plugin, { prefix })`, nested). */
  readonly prefix: string
  /** The node:http server. */
  readonly server: Server
  /** The name of the plugin that created this context. */
  readonly pluginName: string

  // plugins and loading
  /** Registers a plugin; it gets its own context unless wrapped with `plugin()`. */
  register<
    O extends object = Record<string, unknown>,
    Adds = unknown,
    R = unknown,
    Pfx extends string = '',
  >(
    plugin: RegistrablePlugin<O, ChildOf<this>, Adds, R>,
    options?:
      | (O & ArborPluginOptions & { prefix?: Pfx })
      | ((parent: ArborInstance) => O & ArborPluginOptions),
  ): this & Adds & ContextThenable & Mounted<this, R, unknown extends Adds ? Pfx : ''>
  /** Runs `callback` once everything registered before it has loaded. */
  after(
    callback: (err: Error | null, done?: (err?: Error | null) => void) => unknown,
  ): this & ContextThenable
  /** Resolves once everything registered so far has loaded. */
  after(): Promise<void>
  /** Whether a plugin of that name is registered where this instance can see it. */
  hasPlugin(name: string): boolean
  /** Loads every plugin, builds every route and runs onReady hooks. */
  ready(): Promise<this>
  ready(callback: (err: Error | null, instance?: this) => void): void
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
  /** The listening server's origin (`http://127.0.0.1:3000`, or a unix socket's path). */
  readonly listeningOrigin: string
  /** Adds an onClose hook at once (the loader's own, as Fastify exposes it); see docs/hooks.md. */
  onClose(fn: HookSignatures<this>['onClose']): this
  /** Stops accepting connections, lets in-flight requests finish, runs onClose hooks. */
  close(): Promise<void>
  close(callback: (err?: Error | null) => void): this
  /** `await using app = arbor()` closes the app when the scope ends (same as `close()`). */
  [Symbol.asyncDispose](): Promise<void>
  /** In-process requests (light-my-request); waits for `ready()` itself. */
  inject(): Chain
  inject(options: InjectOptions | string): Promise<InjectResponse>
  inject(
    options: InjectOptions | string,
    callback: (err: Error | null, res?: InjectResponse) => void,
  ): void

  // routes
  /** Registers a route (spec "Route options"). */
  route<
    G extends RouteGenericInterface = RouteGenericInterface,
    S extends RouteSchema = RouteSchema,
    M extends string = string,
    U extends string = string,
  >(
    options: RouteOptions<G, S, this> & { method: M | M[]; url?: U; path?: U },
  ): this & RouteAdded<this, Uppercase<M>, U, G, S>
  get<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, 'GET', P, G, S>
  head<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, 'HEAD', P, G, S>
  post<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, 'POST', P, G, S>
  put<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, 'PUT', P, G, S>
  delete<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, 'DELETE', P, G, S>
  options<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, 'OPTIONS', P, G, S>
  patch<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, 'PATCH', P, G, S>
  trace<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, 'TRACE', P, G, S>
  /** An RFC 10008 `QUERY` route: its requests must carry a content type and content. */
  query<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, 'QUERY', P, G, S>
  /** One route for every method in `supportedMethods` when it is called. */
  all<
    G extends RouteGenericInterface = DefaultGeneric,
    S extends RouteSchema = RouteSchema,
    P extends string = string,
  >(...args: ShorthandArgs<G, S, this, P>): this & RouteAdded<this, AllMethods, P, G, S>
  /**
   * The methods routes may declare: the app's Fastify line's built-ins (docs/fastify-lines.md,
   * `builtInMethods`) and those `addHttpMethod` added. A new array on every read.
   */
  readonly supportedMethods: string[]
  /**
   * Routes one more method of the application (one node:http knows, upper-case) and adds its
   * lower-case shorthand to this instance; the instance type returned has it.
   * @example
   * const app = arbor().addHttpMethod('LOCK', { hasBody: true })
   * app.lock('/files/*', async (request) => lockFor(request.body))
   */
  addHttpMethod<M extends string>(
    method: M,
    options?: AddHttpMethodOptions,
  ): this & { [K in Lowercase<M>]: RouteShorthand }
  /**
   * Whether a route is registered for this method and url; false when method or url is
   * missing. Fastify 5 line: the url is the registered pattern (`/users/:id`), the method any
   * case; Fastify 4 line: a url a request would have (`/users/42`), the method as given.
   */
  hasRoute(options: FindRouteOptions): boolean
  /**
   * The route a request with this method (any case), url and constraints would reach, or null.
   * @example
   * app.findRoute({ method: 'GET', url: '/artists/:artistId' })?.params // { artistId: ':artistId' }
   */
  findRoute(options: FindRouteOptions): FoundRoute | null
  /** @deprecated Fastify 4's router default route (FSTDEP014): use setNotFoundHandler */
  getDefaultRoute(): ((req: IncomingMessage, res: ServerResponse) => void) | null
  /** @deprecated Fastify 4's router default route (FSTDEP014): use setNotFoundHandler */
  setDefaultRoute(defaultRoute: (req: IncomingMessage, res: ServerResponse) => void): void
  /** The request id generator in effect in this context (`genReqId` option or `setGenReqId`). */
  readonly genReqId: (req: IncomingMessage) => string
  /**
   * Sets the request id generator of this context and its descendants (a wrapped plugin sets
   * its parent's); the `requestIdHeader` is still read first. Refused once the app started.
   */
  setGenReqId(generate: (req: IncomingMessage) => string): this
  /** Adds a custom route constraint strategy; refused once the application has started. */
  addConstraintStrategy(strategy: ConstraintStrategy): void
  /** Whether a constraint strategy exists (the built-in `host` and `version` once a route uses them). */
  hasConstraintStrategy(name: string): boolean
  /** Routes a raw request as the server does: `rewriteUrl`, constraints, then the handler. */
  routing(req: IncomingMessage, res: ServerResponse): void
  /** The route tree, as text. */
  printRoutes(options?: PrintRoutesOptions): string
  /** The context tree, with each plugin's name and load time, as text. */
  printPlugins(): string
  /**
   * The instance itself, typed with another schema → type provider (a Fastify type provider
   * works): for schema libraries arbor does not read by itself, and for Fastify code.
   */
  withTypeProvider<P>(): this & WithProviderType<P>

  // decorators
  /**
   * Adds a property to this instance, visible in this context and its descendants. The
   * instance type returned has it (unless the name was declared by declaration merging).
   */
  decorate<K extends string, V>(
    name: K,
    value: V,
    dependencies?: string[],
  ): this & Decoration<ArborInstance, K, V>
  /**
   * Adds a property to requests of routes in this context and its descendants. The instance
   * type returned types it on their requests: `app.decorateRequest('user', null as User | null)`.
   */
  decorateRequest<K extends string, V>(
    name: K,
    value: V,
    dependencies?: string[],
  ): this & WithRequestTypes<Decoration<ArborRequest, K, V>>
  /** Adds a property to replies of routes in this context and its descendants (typed as above). */
  decorateReply<K extends string, V>(
    name: K,
    value: V,
    dependencies?: string[],
  ): this & WithReplyTypes<Decoration<ArborReply, K, V>>
  hasDecorator(name: string): boolean
  /** A decorator visible here (a function comes bound to this instance); throws when none is. */
  getDecorator<T = unknown>(name: string): T
  hasRequestDecorator(name: string): boolean
  hasReplyDecorator(name: string): boolean

  // hooks
  /** Adds a hook to this context (and its descendants); see docs/hooks.md for the names. */
  addHook<K extends HookName>(name: K, fn: HookSignatures<this>[K]): this

  // schemas and compilers
  /** Adds a shared schema (spec "Shared schema"), visible here and below. */
  addSchema<const S extends JSONSchema>(schema: S): this & SchemaAdded<S>
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
