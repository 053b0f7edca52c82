import type { Server } from 'node:http'
import type Router from 'find-my-way'
import type { ContentTypeParsers } from '../content/parsers.ts'
import type { ArborLogger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import type { Reply } from '../reply.ts'
import type { Request } from '../request.ts'
import type { ErrorHandlerLink, RouteContext } from '../routing/route-context.ts'
import type { SchemaSet } from '../schema/schema-set.ts'
import type {
  ErrorHandler,
  NotFoundHandler,
  RouteHooks,
  SchemaErrorFormatter,
  SerializerCompiler,
  ValidatorCompiler,
} from '../types.ts'
import type { HookStore } from './hooks.ts'
import type { ArborInstance } from './instance.ts'
import type { LoaderHooks, LoadFrame } from './plugin-loader.ts'

export const kState = Symbol('arbor.context')

export type RequestClass = typeof Request
export type ReplyClass = typeof Reply

/** One encapsulation context: what it registered and what it inherited (DESIGN.md). */
export interface ContextState {
  root: RootState
  parent: ContextState | null
  instance: ArborInstance
  name: string
  prefix: string
  logger: ArborLogger
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
  /** plugin names registered here and in the ancestors, for `dependencies` checks */
  pluginNames: string[]
  children: ContextState[]
  routes: RouteContext[]
  loadStart: number
  loadTime: number | undefined
}

/** What the whole application shares: the server, the router, the loader, the options. */
export interface RootState {
  options: ResolvedOptions
  router: Router.Instance<Router.HTTPVersion.V1>
  server: Server
  logger: ArborLogger
  genReqId: (req: import('node:http').IncomingMessage) => string
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
  notFoundRoutes: RouteContext[]
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
