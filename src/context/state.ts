import type { IncomingMessage, Server } from 'node:http'
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
import type { HookStore } from './hooks/hooks.ts'
import type { PluginLoader } from './loader/plugin-loader.ts'

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
  /** the name of the plugin that created this context, as printPlugins() shows it */
  name: string
  /**
   * `instance.pluginName`, joined with ' -> ': the plugin that created this context
   * ('fastify' for the root), then each wrapped plugin that ran in it
   */
  nameChain: string[]
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
  /** The classes this context's routes use; resolved at ready (see context/decorators/classes.ts). */
  Request: RequestClass
  Reply: ReplyClass
  errorHandler: ErrorHandlerLink
  parsers: ContentTypeParsers
  schemas: SchemaSet
  validatorCompiler: ValidatorCompiler | undefined
  serializerCompiler: SerializerCompiler | undefined
  schemaErrorFormatter: SchemaErrorFormatter
  /** set by `setReplySerializer` here; unset: the nearest ancestor's (see methods/reply-serializer-methods.ts) */
  replySerializer?: ReplySerializer
  /** set by `setGenReqId` in this context (not at the root, whose is `root.genReqId`) */
  genReqId?: (req: IncomingMessage) => string
  /**
   * meta names of the plugins registered here, for `hasPlugin()`, `dependencies` and
   * `Symbol.for('registered-plugin')`: an array at the root; in a child, an object whose
   * prototype is the parent's list, as Fastify builds it (Array methods read it as a list)
   */
  registeredPlugins: string[]
  children: ContextState[]
  routes: RouteContext[]
}

/**
 * What the whole application shares: the server, the router, the loader, the options. It is
 * also the routes' AppRuntime (request/route-context.ts).
 */
export interface RootState extends AppRuntime {
  router: Router.Instance<Router.HTTPVersion.V1>
  server: Server
  logger: ArborLogger
  rootState: ContextState
  /** the plugin loader: register, after, ready and close queues (context/loader/plugin-loader.ts) */
  loader: PluginLoader
  /** settles once the close queue that the first close() started has run */
  closingPromise: Promise<void> | null
  /** what `ready()` returns, once it was called */
  readyPromise: Promise<ArborInstance> | null
  /** onReady hooks are running */
  booting: boolean
  /** every plugin loaded and the routes are built; routes can no longer be added */
  ready: boolean
  /** ready() has finished its first round: decorators and hooks can no longer be added */
  started: boolean
  listening: boolean
  /** close() has begun (preClose hooks run, new requests are refused) */
  closing: boolean
  closed: boolean
  routes: RouteContext[]
  /** not-found handlers by the prefix of the context that set them */
  notFoundByPrefix: Map<
    string,
    { state: ContextState; handler: NotFoundHandler; hooks: RouteHooks }
  >
  defaultErrorHandler: ErrorHandler | null
  /**
   * onReady, onListen and preClose hooks with their instance, in the order they were added.
   * onClose hooks run from the loader's close queue; they are listed here too, for the
   * context inspector only.
   */
  appHooks: {
    onReady: Array<[Function, ArborInstance]>
    onListen: Array<[Function, ArborInstance]>
    preClose: Array<[Function, ArborInstance]>
    onClose: Array<[Function, ArborInstance]>
  }
}
