import type { Server } from 'node:http'
import type Router from 'find-my-way'
import type { ContentTypeParsers } from '../content/parsers.ts'
import type {
  AppRuntime,
  ErrorHandlerLink,
  ReplyClass,
  ReplySerializer,
  RequestClass,
  RouteContext,
} from '../request/route-context.ts'
import type { SchemaSet } from '../schema/schema-set.ts'
import type {
  ArborInstance,
  ChildLoggerFactory,
  ErrorHandler,
  NotFoundHandler,
  RouteHooks,
} from '../types/instance.ts'
import type { ArborLogger, ChildLoggerOptions } from '../types/logger.ts'
import type {
  SchemaErrorFormatter,
  SerializerCompiler,
  ValidatorCompiler,
} from '../types/schema.ts'
import type { HookStore } from './hooks.ts'
import type { LoadFrame } from './load-frame.ts'

export const kState = Symbol('arbor.context')

/** An instance as arbor's own code sees it: the public surface plus its context state. */
export type Instance = ArborInstance & { [kState]: ContextState }

/** The context state of an instance. */
export function stateOf(instance: ArborInstance): ContextState {
  return (instance as Instance)[kState]
}

/** One encapsulation context: what it registered and what it inherited (DESIGN.md). */
export interface ContextState {
  root: RootState
  parent: ContextState | null
  instance: ArborInstance
  name: string
  prefix: string
  logger: ArborLogger
  /** serializers the request loggers of this context's routes add (`logSerializers`) */
  logSerializers: ChildLoggerOptions['serializers']
  /** how this context's routes build each request's logger (`setChildLoggerFactory`) */
  childLoggerFactory: ChildLoggerFactory
  hooks: HookStore
  /**
   * Where this context's request and reply decorators are kept until the application is ready.
   * Each inherits from its parent's, so `name in requestDecorators` sees the ancestors' too.
   */
  requestDecorators: object
  replyDecorators: object
  /** The classes this context's routes use; resolved at ready (see context/classes.ts). */
  Request: RequestClass
  Reply: ReplyClass
  errorHandler: ErrorHandlerLink
  parsers: ContentTypeParsers
  schemas: SchemaSet
  validatorCompiler: ValidatorCompiler | undefined
  serializerCompiler: SerializerCompiler | undefined
  schemaErrorFormatter: SchemaErrorFormatter
  /** set by `setReplySerializer` here; unset: the nearest ancestor's (see reply-serializer-methods.ts) */
  replySerializer?: ReplySerializer
  /** plugin names registered here and in the ancestors, for `dependencies` checks */
  pluginNames: string[]
  children: ContextState[]
  routes: RouteContext[]
  loadStart: number
  loadTime: number | undefined
}

/** How the plugin loader creates and checks contexts (context/tree.ts provides them). */
export interface LoaderHooks {
  createChild(parent: ArborInstance, fn: Function, options: Record<string, unknown>): ArborInstance
  stateOf(instance: ArborInstance): ContextState
  checkMeta(fn: Function, instance: ArborInstance): void
}

/**
 * What the whole application shares: the server, the router, the loader, the options. It is
 * also the routes' AppRuntime (request/route-context.ts).
 */
export interface RootState extends AppRuntime {
  router: Router.Instance<Router.HTTPVersion.V1>
  server: Server
  logger: ArborLogger
  /** the plugin currently loading is the last frame */
  frames: LoadFrame[]
  rootFrame: LoadFrame
  rootState: ContextState
  loader: LoaderHooks
  booting: Promise<void> | null
  closingPromise: Promise<void> | null
  ready: boolean
  started: boolean
  listening: boolean
  closing: boolean
  closed: boolean
  routes: RouteContext[]
  /** not-found handlers by the prefix of the context that set them */
  notFoundByPrefix: Map<
    string,
    { state: ContextState; handler: NotFoundHandler; hooks: RouteHooks }
  >
  defaultErrorHandler: ErrorHandler | null
  appHooks: {
    onReady: Array<[Function, ArborInstance]>
    onListen: Array<[Function, ArborInstance]>
    preClose: Array<[Function, ArborInstance]>
    onClose: Array<[Function, ArborInstance]>
  }
}
