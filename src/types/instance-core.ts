// The instance, request, reply, handler, hook, route and plugin-registration types refer to
// each other (a handler's `this` is the instance, `request.server` is the instance, ...), so
// they share this one file; the members that need none of them are in the interfaces these
// extend (request-members.ts, reply-members.ts, route-settings.ts, instance-*.ts).
import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import type { ArborErrorLike, DoneCallback } from './callbacks.ts'
import type { ParserDone } from './content.ts'
import type {
  ContextTypes,
  Depth,
  kProviderType,
  kReplyTypes,
  kRequestTypes,
  kSchemaTypes,
  WithPluginAdds,
} from './context-types.ts'
import type { HookName } from './hook-names.ts'
import type { ReplyPayloadOf, RouteGenericInterface } from './http.ts'
import type { InstanceDecorators } from './instance-decorators.ts'
import type { InstanceHandlers } from './instance-handlers.ts'
import type { InstanceInspect } from './instance-inspect.ts'
import type { InstanceLifecycle } from './instance-lifecycle.ts'
import type { InstanceParsers } from './instance-parsers.ts'
import type { InstanceRouter } from './instance-router.ts'
import type { InstanceSchemas } from './instance-schemas.ts'
import type { ArborLogger, ChildLoggerOptions } from './logger.ts'
import type { ArborPluginOptions } from './plugin-options.ts'
import type { ReplyMembers } from './reply-members.ts'
import type { RequestMembers } from './request-members.ts'
import type { RouteSettings } from './route-settings.ts'
import type { AllMethods, ChildOf, ContextThenable, Mounted, RouteAdded } from './route-table.ts'
import type { RouteSchema } from './schema.ts'
import type { ResolveRoute } from './schema-inference.ts'
import type { ArborSharedSchemas, ResolveProvider } from './type-provider.ts'

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
> extends RouteHooks,
    RouteSettings {
  method: string | string[]
  handler: RouteHandler<G, S, I>
  /** Written `as const` (or TypeBox), it types the handler's request and reply. */
  schema?: S
  errorHandler?: ErrorHandler
  /** builds this route's request loggers (overrides `setChildLoggerFactory`) */
  childLoggerFactory?: ChildLoggerFactory
}

// The options that do not depend on the route's types, computed once for every shorthand call.
type ShorthandBaseOptions = Omit<RouteOptions, 'method' | 'url' | 'path' | 'handler' | 'schema'>

/** Route options given to a shorthand (`get`, `post`, …): method and url come from the call. */
export type ShorthandRouteOptions<
  G extends RouteGenericInterface = RouteGenericInterface,
  S extends RouteSchema = RouteSchema,
  I extends ArborInstance = ArborInstance,
> = ShorthandBaseOptions & { schema?: S; handler?: RouteHandler<G, S, I> }

// ---- request and reply ----

/**
 * The request handed to hooks and handlers. An interface, so applications can declare the
 * properties their request decorators add:
 * @example
 * declare module 'arbor' { interface ArborRequest { user?: { id: string } } }
 */
export interface ArborRequest<G extends RouteGenericInterface = RouteGenericInterface>
  extends RequestMembers<G> {
  readonly server: ArborInstance
}

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
  extends ReplyMembers<G, ReplyTrailerFunction> {
  readonly request: ArborRequest<G>
  readonly server: ArborInstance
}

// ---- content-type parsers ----

/** A parser that reads the stream itself: `(request, payload, done)` or async `(request, payload)`. */
export type StreamParser = (request: ArborRequest, payload: Readable, done: ParserDone) => unknown
/** A parser given the collected body (`parseAs: 'string' | 'buffer'`). */
export type BodyParser = (request: ArborRequest, body: string | Buffer, done: ParserDone) => unknown
export type ContentTypeParserFn = StreamParser | BodyParser

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
 * A route method of the instance type `I` (`get`, `post`, …, `all`) that adds a route for the
 * methods `M`. Members of this type, as Fastify declares its shorthands, with the three
 * parameters written out: a rest tuple (ShorthandArgs) cost about 12 instantiations a call
 * (BENCHMARKS.md "Type-check cost").
 */
export type RouteMethod<I extends ArborInstance, M extends string> = <
  G extends RouteGenericInterface = DefaultGeneric,
  S extends RouteSchema = RouteSchema,
  P extends string = string,
>(
  path: P,
  options: ShorthandRouteOptions<G, S, I> | RouteHandler<G, S, I>,
  handler?: RouteHandler<G, S, I>,
) => I & RouteAdded<I[Depth], M, P, G, S>

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

/** What `findRoute()` tells of a route: never the route's own record. */
export interface FoundRoute {
  handler: RouteHandler
  params: Record<string, string | undefined>
  searchParams: Record<string, unknown>
}

/**
 * An arbor application, or one encapsulation context of it. Every plugin gets its own
 * instance, created with its parent's instance as prototype (DESIGN.md "How encapsulation
 * works"): a decorator is a property, visible here and below, never above or beside.
 * An interface, so applications can declare their instance decorators on it; the decorators
 * a chain adds (`decorate`, `decorateRequest`, `decorateReply`) are in the type it returns.
 */
export interface ArborInstance
  extends ContextTypes<ArborSharedSchemas>,
    InstanceLifecycle,
    InstanceRouter<FoundRoute, RouteShorthand>,
    InstanceDecorators<ArborInstance, ArborRequest, ArborReply>,
    InstanceSchemas,
    InstanceHandlers<ErrorHandler, ChildLoggerFactory>,
    InstanceParsers<BodyParser, StreamParser>,
    InstanceInspect {
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
  /** Adds an onClose hook at once (the loader's own, as Fastify exposes it); see docs/hooks.md. */
  onClose(fn: HookSignatures<this>['onClose']): this

  // routes
  /** Registers a route (spec "Route options"). */
  route<
    G extends RouteGenericInterface = RouteGenericInterface,
    S extends RouteSchema = RouteSchema,
    M extends string = string,
    U extends string = string,
  >(
    options: RouteOptions<G, S, this> & { method: M | M[]; url?: U; path?: U },
  ): this & RouteAdded<this[Depth], Uppercase<M>, U, G, S>
  get: RouteMethod<this, 'GET'>
  head: RouteMethod<this, 'HEAD'>
  post: RouteMethod<this, 'POST'>
  put: RouteMethod<this, 'PUT'>
  delete: RouteMethod<this, 'DELETE'>
  options: RouteMethod<this, 'OPTIONS'>
  patch: RouteMethod<this, 'PATCH'>
  trace: RouteMethod<this, 'TRACE'>
  /** An RFC 10008 `QUERY` route: its requests must carry a content type and content. */
  query: RouteMethod<this, 'QUERY'>
  /** One route for every method in `supportedMethods` when it is called. */
  all: RouteMethod<this, AllMethods>

  // hooks
  /** Adds a hook to this context (and its descendants); see docs/hooks.md for the names. */
  addHook<K extends HookName>(name: K, fn: HookSignatures<this>[K]): this
  /** The 404 handler for URLs under this context's prefix. */
  setNotFoundHandler(handler: NotFoundHandler): this
  setNotFoundHandler(options: RouteHooks & Record<string, unknown>, handler: NotFoundHandler): this
}
