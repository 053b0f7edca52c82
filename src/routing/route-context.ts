import type { ContentTypeParsers } from '../content/parsers.ts'
import type { RequestHookName } from '../context/hooks.ts'
import type { ArborInstance } from '../context/instance.ts'
import type { ContextState, ReplyClass, RequestClass } from '../context/state.ts'
import type { ArborLogger } from '../logger.ts'
import type { RequestRouteOptions } from '../request.ts'
import type { ResponseSerializers } from '../schema/serialization.ts'
import type {
  ErrorHandler,
  HttpPart,
  RouteOptions,
  SchemaErrorFormatter,
  ValidatorFunction,
} from '../types.ts'

/** A link in a context's chain of error handlers; `func: null` is arbor's default handler. */
export interface ErrorHandlerLink {
  func: ErrorHandler | null
  instance: ArborInstance | null
  parent: ErrorHandlerLink | null
}

export type BoundHook = (...args: never[]) => unknown

/**
 * Everything one route needs per request, resolved once when the application becomes ready,
 * so the hot path never walks the context tree (DESIGN.md "Performance principles").
 */
export class RouteContext {
  method: string
  url: string
  options: RouteOptions
  config: Record<string, unknown>
  state: ContextState
  instance: ArborInstance
  handler: Function
  isNotFound: boolean
  Request: RequestClass
  Reply: ReplyClass
  logger: ArborLogger
  bodyLimit: number
  attachValidation: boolean
  parsers: ContentTypeParsers
  errorHandler: ErrorHandlerLink
  schemaErrorFormatter: SchemaErrorFormatter
  requestRouteOptions: RequestRouteOptions
  validators: Array<[HttpPart, string, ValidatorFunction]> | null = null
  serializers: ResponseSerializers | null = null
  built = false

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

  constructor(
    method: string,
    url: string,
    options: RouteOptions,
    state: ContextState,
    isNotFound: boolean,
  ) {
    this.method = method
    this.url = url
    this.options = options
    this.config = { ...options.config, url, method }
    this.state = state
    this.instance = state.instance
    this.handler = options.handler
    this.isNotFound = isNotFound
    this.Request = state.Request
    this.Reply = state.Reply
    this.logger = state.logger
    this.bodyLimit = options.bodyLimit ?? state.root.options.bodyLimit
    this.attachValidation = options.attachValidation === true
    this.parsers = state.parsers
    this.errorHandler = state.errorHandler
    this.schemaErrorFormatter = state.schemaErrorFormatter
    this.requestRouteOptions = {
      method: options.method,
      url,
      config: this.config,
      schema: options.schema,
      bodyLimit: this.bodyLimit,
      attachValidation: this.attachValidation,
      logLevel: options.logLevel,
      exposeHeadRoute: options.exposeHeadRoute ?? state.root.options.exposeHeadRoutes,
      prefixTrailingSlash: options.prefixTrailingSlash ?? 'both',
      handler: options.handler,
    }
  }

  setHooks(name: RequestHookName, hooks: BoundHook[] | null): void {
    this[name] = hooks
  }
}
