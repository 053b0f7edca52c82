import type { IncomingMessage } from 'node:http'
import type { HttpMethods, MethodBody } from '../config/http-methods.ts'
import type { ResolvedOptions } from '../config/options.ts'
import type { ContentTypeParsers } from '../content/parsers.ts'
import type { ResponseSerializers } from '../schema/serialization.ts'
import type { RequestHookName } from '../types/hook-names.ts'
import type {
  ArborInstance,
  ChildLoggerFactory,
  RequestRouteOptions,
  RouteOptions,
} from '../types/instance.ts'
import type { ArborLogger, ChildLoggerOptions } from '../types/logger.ts'
import type { HttpPart, SchemaErrorFormatter, ValidatorFunction } from '../types/schema.ts'
import type { ErrorHandlerLink, Reply, ReplyLifecycle } from './reply.ts'
import type { Request } from './request.ts'
import { type ProxyTrust, proxyTrustOf } from './trust-proxy.ts'

export type { ErrorHandlerLink }
export type RequestClass = typeof Request
export type ReplyClass = typeof Reply
/** The request and reply of a matched route, as the lifecycle layer handles them. */
export type RoutedRequest = Request<RouteContext>
export type RoutedReply = Reply<RouteContext>

export type BoundHook = (...args: never[]) => unknown
/** A context's serializer of reply payloads (`setReplySerializer`). */
export type ReplySerializer = (payload: unknown, statusCode: number) => string

/**
 * What every route of one application shares at run time. The root context state provides
 * it (context/state.ts), with the lifecycle's reply functions handed in at creation.
 */
export interface AppRuntime extends ReplyLifecycle {
  options: ResolvedOptions
  genReqId: (req: IncomingMessage) => string
  /** the not-found routes, longest prefix first */
  notFoundRoutes: RouteContext[]
  /** the methods the application routes (its line's and `addHttpMethod`'s) */
  methods: HttpMethods
}

/**
 * One request part a route validates: `[part, dataVar, validator]`. A body declared per media
 * type (`schema.body.content`) has its validators by media type (lower-cased) instead.
 */
export type ValidatorEntry = [
  part: HttpPart,
  dataVar: string,
  validator: ValidatorFunction | Map<string, ValidatorFunction>,
]

/**
 * Everything one route needs per request, resolved once when the application becomes ready,
 * so the hot path never walks the context tree (DESIGN.md "Performance principles").
 */
export class RouteContext {
  method: string
  url: string
  options: RouteOptions
  config: Record<string, unknown>
  app: AppRuntime
  /** the prefix of the context the route was registered in */
  prefix: string
  instance: ArborInstance
  handler: Function
  isNotFound: boolean
  Request: RequestClass
  Reply: ReplyClass
  logger: ArborLogger
  /** a custom child logger factory and the options it is given; null: `logger.child(...)` */
  loggerFactory: ChildLoggerFactory | null = null
  loggerOptions: ChildLoggerOptions = {}
  bodyLimit: number
  attachValidation: boolean
  parsers: ContentTypeParsers
  errorHandler: ErrorHandlerLink
  schemaErrorFormatter: SchemaErrorFormatter
  requestRouteOptions: RequestRouteOptions
  validators: ValidatorEntry[] | null = null
  serializers: ResponseSerializers | null = null
  /** the context's `setReplySerializer`, resolved at ready */
  replySerializer: ReplySerializer | null = null
  built = false
  /** the request id generator of the route's context (`setGenReqId`), resolved at ready */
  genReqId: (req: IncomingMessage) => string
  /** the application's `trustProxy`, compiled once per application */
  proxyTrust: ProxyTrust | null
  /** an automatic HEAD route, made from a GET route: a HEAD route of the application replaces it */
  autoHead = false
  /**
   * How its requests' bodies are read, resolved at ready from the route's method; null for a
   * not-found route, which answers every method: the request's method decides then.
   */
  methodBody: MethodBody | null = null

  onRequest: BoundHook[] | null = null
  preParsing: BoundHook[] | null = null
  preValidation: BoundHook[] | null = null
  preHandler: BoundHook[] | null = null
  preSerialization: BoundHook[] | null = null
  onSend: BoundHook[] | null = null
  onResponse: BoundHook[] | null = null
  onError: BoundHook[] | null = null
  onTimeout: BoundHook[] | null = null
  onRequestAbort: BoundHook[] | null = null

  /** `scope`: what the route's context has when the route is added; the rest comes at ready. */
  constructor(
    method: string,
    url: string,
    options: RouteOptions,
    app: AppRuntime,
    scope: {
      prefix: string
      instance: ArborInstance
      Request: RequestClass
      Reply: ReplyClass
      logger: ArborLogger
      parsers: ContentTypeParsers
      errorHandler: ErrorHandlerLink
      schemaErrorFormatter: SchemaErrorFormatter
    },
    isNotFound: boolean,
  ) {
    this.method = method
    this.url = url
    this.options = options
    // `method` as the route gave it (an array for a route of several methods), as Fastify keeps it
    this.config = { ...options.config, url, method: options.method }
    this.app = app
    this.prefix = scope.prefix
    this.instance = scope.instance
    this.handler = options.handler
    this.isNotFound = isNotFound
    this.Request = scope.Request
    this.Reply = scope.Reply
    this.logger = scope.logger
    this.bodyLimit = options.bodyLimit ?? app.options.bodyLimit
    this.attachValidation = options.attachValidation === true
    this.parsers = scope.parsers
    this.errorHandler = scope.errorHandler
    this.schemaErrorFormatter = scope.schemaErrorFormatter
    this.genReqId = app.genReqId
    this.proxyTrust = proxyTrustOf(app.options)
    this.requestRouteOptions = {
      method: options.method,
      url,
      config: this.config,
      schema: options.schema,
      bodyLimit: this.bodyLimit,
      attachValidation: this.attachValidation,
      logLevel: options.logLevel,
      exposeHeadRoute: options.exposeHeadRoute ?? app.options.exposeHeadRoutes,
      prefixTrailingSlash: options.prefixTrailingSlash ?? 'both',
      handler: options.handler,
    }
  }

  // Fastify's names for two of the fields, for packages that read a route's context through
  // Fastify's `kRouteContext` (internals/symbol-keys.ts).
  get server(): ArborInstance {
    return this.instance
  }
  get schema(): RouteOptions['schema'] {
    return this.options.schema
  }

  setHooks(name: RequestHookName, hooks: BoundHook[] | null): void {
    this[name] = hooks
  }
}
