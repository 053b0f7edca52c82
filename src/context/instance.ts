import type { Server } from 'node:http'
import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import {
  type BodyParser,
  type ContentTypeParserOptions,
  defaultTextParser,
  jsonParser,
  type StreamParser,
} from '../content/parsers.ts'
import { errorCodes } from '../errors.ts'
import type { ArborLogger } from '../logger.ts'
import type { PoisoningAction } from '../options.ts'
import { type PrintRoutesOptions, printRoutes } from '../routing/print-routes.ts'
import { addRoute } from '../routing/routes.ts'
import { installShorthands } from '../routing/shorthands.ts'
import {
  addresses,
  close,
  inject,
  type ListenCallback,
  type ListenOptions,
  listen,
  ready,
} from '../server.ts'
import type {
  ErrorHandler,
  HookSignatures,
  JSONSchema,
  NotFoundHandler,
  RouteGenericInterface,
  RouteHandler,
  RouteHooks,
  RouteOptions,
  SchemaErrorFormatter,
  SerializerCompiler,
  ShorthandRouteOptions,
  ValidatorCompiler,
} from '../types.ts'
import { addDecorator } from './decorators.ts'
import { applicationHookNames, checkHook, type HookName } from './hooks.ts'
import { enqueueAfter, enqueuePlugin, type PluginOptions } from './plugin-loader.ts'
import { arborVersion } from './plugin-meta.ts'
import type { ArborPluginOptions } from './plugin-types.ts'
import { printPlugins } from './print-plugins.ts'
import { type ContextState, kState } from './state.ts'
import { installThenable } from './thenable.ts'

type Handler<G extends RouteGenericInterface> = RouteHandler<G>
type ParserType = string | RegExp | Array<string | RegExp>

// One signature (not a union) so that `register(async (child) => ...)` types `child`.
type PluginFunction<O extends object> = (
  instance: ArborInstance,
  opts: O & ArborPluginOptions,
  done: (err?: Error) => void,
) => unknown
/** What `register` accepts: a plugin function, a module with a default export, or a promise of one. */
export type RegistrablePlugin<O extends object> =
  | PluginFunction<O>
  | { default: PluginFunction<O> }
  | PromiseLike<PluginFunction<O> | { default: PluginFunction<O> }>

/**
 * An arbor application, or one encapsulation context of it. Every plugin gets its own
 * instance, created with its parent's instance as prototype (DESIGN.md "How encapsulation
 * works"): a decorator is a property, visible here and below, never above or beside.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the shorthands declared in the interface below are installed on the prototype by installShorthands
export class Arbor {
  declare [kState]: ContextState

  /** arbor's own version. */
  get version(): string {
    return arborVersion
  }
  /** The logger of this context (pino, or a silent logger when logging is off). */
  get log(): ArborLogger {
    return this[kState].logger
  }
  /** The route prefix of this context (`register(plugin, { prefix })`, nested). */
  get prefix(): string {
    return this[kState].prefix
  }
  /** The node:http server. */
  get server(): Server {
    return this[kState].root.server
  }
  /** The name of the plugin that created this context. */
  get pluginName(): string {
    return this[kState].name
  }

  // ---- plugins and loading ----

  /** Registers a plugin; it gets its own context unless wrapped with `plugin()`. */
  register<O extends object = Record<string, unknown>>(
    plugin: RegistrablePlugin<O>,
    options?: (O & ArborPluginOptions) | ((parent: ArborInstance) => O & ArborPluginOptions),
  ): this & PromiseLike<void> {
    enqueuePlugin(this[kState].root, plugin, options as PluginOptions | undefined)
    return this as this & PromiseLike<void>
  }

  /** Runs `callback` once everything registered before it has loaded. */
  after(
    callback?: (err: Error | null, done?: (err?: Error | null) => void) => unknown,
  ): this & PromiseLike<void> {
    const root = this[kState].root
    if (callback === undefined) {
      enqueueAfter(root, () => {})
      return this as this & PromiseLike<void>
    }
    enqueueAfter(root, callback)
    return this as this & PromiseLike<void>
  }

  /** Loads every plugin, builds every route and runs onReady hooks. */
  ready(): Promise<this>
  ready(callback: (err: Error | null) => void): this
  ready(callback?: (err: Error | null) => void): Promise<this> | this {
    const promise = ready(this[kState].root).then(() => this) as unknown as Promise<this>
    if (callback === undefined) return promise
    promise.then(
      () => callback(null),
      (err: Error) => callback(err),
    )
    return this
  }

  /** Starts listening. `listen({ port, host })` returns the address; a callback form exists. */
  listen(options?: ListenOptions): Promise<string>
  listen(options: ListenOptions, callback: ListenCallback): void
  listen(callback: ListenCallback): void
  listen(a?: ListenOptions | ListenCallback, b?: ListenCallback): Promise<string> | undefined {
    const options = typeof a === 'function' ? {} : (a ?? {})
    const callback = typeof a === 'function' ? a : b
    const promise = listen(this[kState].root, options)
    if (callback === undefined) return promise
    promise.then(
      (address) => callback(null, address),
      (err: Error) => callback(err, ''),
    )
    return undefined
  }

  /** The addresses the server listens on. */
  addresses(): Array<{ address: string; family: string; port: number }> {
    return addresses(this[kState].root)
  }

  /** Stops accepting connections, lets in-flight requests finish, runs onClose hooks. */
  close(): Promise<void>
  close(callback: (err?: Error | null) => void): this
  close(callback?: (err?: Error | null) => void): Promise<void> | this {
    const promise = close(this[kState].root)
    if (callback === undefined) return promise
    promise.then(
      () => callback(null),
      (err: Error) => callback(err),
    )
    return this
  }

  /** In-process requests (light-my-request); waits for `ready()` itself. */
  inject(): Chain
  inject(options: InjectOptions | string): Promise<InjectResponse>
  inject(
    options: InjectOptions | string,
    callback: (err: Error | null, res?: InjectResponse) => void,
  ): void
  inject(
    options?: InjectOptions | string,
    callback?: (err: Error | null, res?: InjectResponse) => void,
  ): Chain | Promise<InjectResponse> | undefined {
    return inject(this[kState].root, options, callback) as never
  }

  // ---- routes ----

  /** Registers a route (spec "Route options"). */
  route<G extends RouteGenericInterface = RouteGenericInterface>(options: RouteOptions<G>): this {
    addRoute(this[kState], options as unknown as RouteOptions)
    return this
  }

  /** Whether a route exists for a method and url (and constraints). */
  hasRoute(options: {
    method: string
    url: string
    constraints?: Record<string, unknown>
  }): boolean {
    return this[kState].root.router.hasRoute(
      options.method.toUpperCase() as never,
      options.url,
      options.constraints ?? {},
    )
  }

  /** The route tree, as text. */
  printRoutes(options?: PrintRoutesOptions): string {
    return printRoutes(this[kState].root, options)
  }

  /** The context tree, with each plugin's name and load time, as text. */
  printPlugins(): string {
    return printPlugins(this[kState])
  }

  // ---- decorators ----

  /** Adds a property to this instance, visible in this context and its descendants. */
  decorate<K extends string, V>(
    name: K,
    value: V,
    dependencies?: string[],
  ): this & { [P in K]: V } {
    addDecorator(this[kState].root, this, name, value, dependencies, 'instance')
    return this as this & { [P in K]: V }
  }
  /** Adds a property to requests of routes in this context and its descendants. */
  decorateRequest(name: string, value: unknown, dependencies?: string[]): this {
    addDecorator(
      this[kState].root,
      this[kState].requestDecorators,
      name,
      value,
      dependencies,
      'request',
    )
    return this
  }
  /** Adds a property to replies of routes in this context and its descendants. */
  decorateReply(name: string, value: unknown, dependencies?: string[]): this {
    addDecorator(
      this[kState].root,
      this[kState].replyDecorators,
      name,
      value,
      dependencies,
      'reply',
    )
    return this
  }
  hasDecorator(name: string): boolean {
    return name in this
  }
  hasRequestDecorator(name: string): boolean {
    return name in this[kState].requestDecorators
  }
  hasReplyDecorator(name: string): boolean {
    return name in this[kState].replyDecorators
  }

  // ---- hooks ----

  /** Adds a hook to this context (and its descendants); see docs/hooks.md for the names. */
  addHook<K extends HookName>(name: K, fn: HookSignatures[K]): this {
    checkHook(name, fn)
    const state = this[kState]
    const root = state.root
    if (name === 'onListen' || name === 'onReady' || name === 'preClose' || name === 'onClose') {
      if (name !== 'onClose' && root.ready) {
        throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING(
          `Cannot call "addHook" for "${name}"!`,
        )
      }
      root.appHooks[name as 'onReady'].push([fn, this as unknown as ArborInstance])
      return this
    }
    if (root.ready && !(applicationHookNames as readonly string[]).includes(name)) {
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "addHook"!')
    }
    state.hooks[name].push(fn as never)
    // As in Fastify, the hook also reaches the children this context already has: where it
    // is added decides where it applies, not when (onRoute excepted, as in Fastify).
    if (name !== 'onRoute') addHookToChildren(state, name, fn)
    return this
  }

  // ---- schemas and compilers ----

  /** Adds a shared schema (spec "Shared schema"), visible here and below. */
  addSchema(schema: JSONSchema): this {
    const state = this[kState]
    if (state.root.ready)
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "addSchema"!')
    state.schemas = state.schemas.add(schema)
    return this
  }
  /** The shared schemas visible in this context, by `$id`. */
  getSchemas(): Record<string, JSONSchema> {
    return this[kState].schemas.toObject()
  }
  /** One shared schema visible in this context. */
  getSchema(id: string): JSONSchema | undefined {
    return this[kState].schemas.schemas.get(id)
  }
  setValidatorCompiler(compiler: ValidatorCompiler): this {
    assertFunction(compiler, 'setValidatorCompiler')
    this[kState].validatorCompiler = compiler
    return this
  }
  setSerializerCompiler(compiler: SerializerCompiler): this {
    assertFunction(compiler, 'setSerializerCompiler')
    this[kState].serializerCompiler = compiler
    return this
  }
  /** The validation-error formatter; `this` inside it is this instance (spec). */
  setSchemaErrorFormatter(formatter: SchemaErrorFormatter): this {
    assertFunction(formatter, 'setSchemaErrorFormatter')
    if (formatter.constructor.name === 'AsyncFunction') {
      throw new errorCodes.FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN('AsyncFunction')
    }
    this[kState].schemaErrorFormatter = formatter.bind(this as unknown as ArborInstance)
    return this
  }

  // ---- handlers ----

  /** The error handler for this context and its descendants. */
  setErrorHandler(handler: ErrorHandler): this {
    assertFunction(handler, 'setErrorHandler')
    const state = this[kState]
    state.errorHandler = {
      func: handler,
      instance: this as unknown as ArborInstance,
      parent: state.errorHandler,
    }
    return this
  }
  /** The 404 handler for URLs under this context's prefix. */
  setNotFoundHandler(
    a: NotFoundHandler | (RouteHooks & Record<string, unknown>),
    b?: NotFoundHandler,
  ): this {
    const handler = (typeof a === 'function' ? a : b) as NotFoundHandler
    const hooks = (typeof a === 'function' ? {} : a) as RouteHooks
    assertFunction(handler, 'setNotFoundHandler')
    const state = this[kState]
    const root = state.root
    if (root.ready)
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "setNotFoundHandler"!')
    if (root.notFoundByPrefix.has(state.prefix)) {
      throw new errorCodes.FST_ERR_NOT_FOUND_HANDLER_ALREADY_SET(state.prefix || '/')
    }
    root.notFoundByPrefix.set(state.prefix, { state, handler, hooks })
    return this
  }
  /** arbor's default error handler, for handlers that want to fall back to it. */
  get errorHandler(): ErrorHandler {
    return (error, _request, reply) => {
      reply.send(error)
    }
  }

  // ---- content types ----

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
  addContentTypeParser(
    type: ParserType,
    a: ContentTypeParserOptions | Function,
    b?: Function,
  ): this {
    const state = this[kState]
    if (state.root.ready)
      throw new errorCodes.FST_ERR_CTP_INSTANCE_ALREADY_STARTED('addContentTypeParser')
    const options = (typeof a === 'function' ? {} : a) as ContentTypeParserOptions
    const fn = (typeof a === 'function' ? a : b) as Function
    for (const t of Array.isArray(type) ? type : [type]) state.parsers.add(t, options, fn)
    return this
  }
  hasContentTypeParser(type: string | RegExp): boolean {
    return this[kState].parsers.has(type)
  }
  removeContentTypeParser(type: string | RegExp | Array<string | RegExp>): this {
    const state = this[kState]
    if (state.root.ready)
      throw new errorCodes.FST_ERR_CTP_INSTANCE_ALREADY_STARTED('removeContentTypeParser')
    for (const t of Array.isArray(type) ? type : [type]) state.parsers.remove(t)
    return this
  }
  removeAllContentTypeParsers(): this {
    const state = this[kState]
    if (state.root.ready)
      throw new errorCodes.FST_ERR_CTP_INSTANCE_ALREADY_STARTED('removeAllContentTypeParsers')
    state.parsers.removeAll()
    return this
  }
  getDefaultJsonParser(onProto: PoisoningAction, onConstructor: PoisoningAction): BodyParser {
    return jsonParser(onProto, onConstructor)
  }
  get defaultTextParser(): BodyParser {
    return defaultTextParser
  }
}

// The method shorthands (spec "shorthand route methods"): `(path, handler)`,
// `(path, options, handler)` or `(path, options-with-handler)`; see routing/shorthands.ts.
type ShorthandArgs<G extends RouteGenericInterface> = [
  path: string,
  options: ShorthandRouteOptions<G> | Handler<G>,
  handler?: Handler<G>,
]
type DefaultGeneric = RouteGenericInterface
export interface Arbor {
  get<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  head<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  post<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  put<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  delete<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  options<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  patch<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
  all<G extends RouteGenericInterface = DefaultGeneric>(...args: ShorthandArgs<G>): this
}
installShorthands(Arbor.prototype)
installThenable(Arbor.prototype)

/** An arbor instance; an interface so applications can declare their decorators on it. */
export interface ArborInstance extends Arbor {}

function assertFunction(value: unknown, method: string): void {
  if (typeof value !== 'function') {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      `${method} expects a function, got ${typeof value}`,
    )
  }
}

function addHookToChildren(state: ContextState, name: HookName, fn: unknown): void {
  for (const child of state.children) {
    child.hooks[name].push(fn as never)
    addHookToChildren(child, name, fn)
  }
}
