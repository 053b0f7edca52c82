import diagnostics from 'node:diagnostics_channel'
import Router from 'find-my-way'
import { HttpMethods } from '../config/http-methods.ts'
import { createLogger, defaultChildLoggerFactory } from '../config/logger.ts'
import { type ArborOptions, queryParserOf, resolveOptions } from '../config/options.ts'
import { requestIdGenerator } from '../config/request-id.ts'
import { defaultParsers } from '../content/parsers.ts'
import { decoratorMethods } from '../context/decorators/decorator-methods.ts'
import { hookMethods } from '../context/hooks/hook-methods.ts'
import { emptyHookStore } from '../context/hooks/hooks.ts'
import { inspectMethods } from '../context/inspect/inspect-methods.ts'
import { Arbor, installMethods } from '../context/instance.ts'
import { PluginLoader } from '../context/loader/plugin-loader.ts'
import { handlerMethods } from '../context/methods/handler-methods.ts'
import { loggerMethods } from '../context/methods/logger-methods.ts'
import { parserMethods } from '../context/methods/parser-methods.ts'
import { pluginMethods } from '../context/methods/plugin-methods.ts'
import { replySerializerMethods } from '../context/methods/reply-serializer-methods.ts'
import { requestIdMethods } from '../context/methods/request-id-methods.ts'
import { schemaMethods } from '../context/methods/schema-methods.ts'
import { installThenable } from '../context/methods/thenable.ts'
import type { ContextState, RootState } from '../context/state.ts'
import { attachState, override } from '../context/tree.ts'
import { errorCodes } from '../errors.ts'
import {
  callNotFound,
  routeBadUrl,
  routeMaxParamLength,
  routeNotFound,
} from '../lifecycle/not-found.ts'
import { sendReply, serializePayload } from '../lifecycle/send.ts'
import { Reply } from '../request/reply.ts'
import { Request } from '../request/request.ts'
import { routerConstraints } from '../routing/constraints.ts'
import { defaultRouteMethods } from '../routing/default-route-methods.ts'
import { httpMethodMethods } from '../routing/http-method-methods.ts'
import { routeMeta } from '../routing/print-routes.ts'
import { routeMethods } from '../routing/route-methods.ts'
import { resolveController, SchemaSet } from '../schema/schema-set.ts'
import { defaultSchemaErrorFormatter } from '../schema/validation.ts'
import type { ArborInstance } from '../types/instance.ts'
import { buildRoutes } from './boot.ts'
import { queueServerClose } from './close.ts'
import { createHttpServer } from './http-server.ts'
import { serverMethods } from './server-methods.ts'
import { keepTickObjectShape } from './tick-shape.ts'
import { warmUpWith } from './warm-up.ts'

const initialization = diagnostics.channel('fastify.initialization')

// As early as arbor is loaded: a full collection before this can cost every request later.
keepTickObjectShape()

// The instance's methods, one concern a group, from the layer that owns each concern.
installMethods(
  pluginMethods,
  decoratorMethods,
  hookMethods,
  schemaMethods,
  replySerializerMethods,
  loggerMethods,
  handlerMethods,
  parserMethods,
  routeMethods,
  defaultRouteMethods,
  httpMethodMethods,
  serverMethods,
  inspectMethods,
  requestIdMethods,
)
installThenable(Arbor.prototype)

/**
 * Creates an application: the root context (spec "Encapsulation rules" 1).
 * @example
 * import arbor from 'arbor'
 * const app = arbor({ logger: true })
 * app.get('/', async () => ({ hello: 'world' }))
 * await app.listen({ port: 3000 })
 */
export function arbor(options?: ArborOptions): ArborInstance {
  const instance = createApp(options)
  // Fastify's `fastify.initialization` channel (4.25 and 5): APM tools instrument the new app
  if (initialization.hasSubscribers) initialization.publish({ fastify: instance })
  return instance
}

// The first listen()'s warm-up (warm-up.ts) makes its application here: not announced, as
// no user made it.
warmUpWith(createApp)

function createApp(options: ArborOptions | undefined): ArborInstance {
  const resolved = resolveOptions(options)
  const logger = createLogger(resolved.logger, resolved.loggerInstance, resolved.line)
  // Through unknown: `interface Arbor extends ArborInstance` already says what the class is,
  // and TypeScript 5.9 cannot compare the two structurally (register's `this`-typed plugin
  // parameter leads it around Arbor -> ArborInstance until it gives up).
  const instance = new Arbor() as unknown as ArborInstance
  const root = {
    options: resolved,
    logger,
    genReqId: requestIdGenerator(resolved.requestIdHeader, resolved.genReqId),
    readyPromise: null,
    closingPromise: null,
    booting: false,
    ready: false,
    started: false,
    listening: false,
    closing: false,
    closed: false,
    routes: [],
    notFoundRoutes: [],
    notFoundByPrefix: new Map(),
    methods: new HttpMethods(resolved.line.builtInMethods),
    defaultErrorHandler: null,
    appHooks: { onReady: [], onListen: [], preClose: [], onClose: [] },
    // the lifecycle's reply functions, handed down to the request layer (docs/architecture.md)
    sendReply,
    serializeReply: serializePayload,
    callNotFound,
  } as unknown as RootState
  const state: ContextState = {
    root,
    parent: null,
    instance,
    name: 'root',
    nameChain: ['fastify'],
    prefix: '',
    logger,
    logSerializers: undefined,
    childLoggerFactory: resolved.childLoggerFactory ?? defaultChildLoggerFactory,
    hooks: emptyHookStore(),
    requestDecorators: Object.create(Request.prototype) as object,
    replyDecorators: Object.create(Reply.prototype) as object,
    Request,
    Reply,
    errorHandler: { func: null, instance: null, parent: null },
    parsers: defaultParsers(
      resolved.onProtoPoisoning,
      resolved.onConstructorPoisoning,
      resolved.line.jsonSyntaxErrorMessage,
    ),
    schemas: new SchemaSet(resolveController(resolved.schemaController)),
    validatorCompiler: undefined,
    serializerCompiler: undefined,
    schemaErrorFormatter:
      resolved.schemaErrorFormatter?.bind(instance) ?? defaultSchemaErrorFormatter,
    registeredPlugins: [],
    children: [],
    routes: [],
  }
  attachState(instance, state)
  root.rootState = state
  root.loader = new PluginLoader(
    instance,
    resolved.pluginTimeout,
    {
      override,
      // Once every plugin has loaded: the server's close goes first in the close queue, then
      // the routes are built (a throw there is the boot error).
      onPreReady: () => {
        queueServerClose(root)
        buildRoutes(root)
      },
      onStart: () => {
        root.started = true
      },
    },
    resolved.line,
  )
  root.router = Router({
    caseSensitive: resolved.caseSensitive,
    ignoreTrailingSlash: resolved.ignoreTrailingSlash,
    ignoreDuplicateSlashes: resolved.ignoreDuplicateSlashes,
    maxParamLength: resolved.maxParamLength,
    allowUnsafeRegex: resolved.allowUnsafeRegex,
    querystringParser: queryParserOf(resolved),
    constraints: routerConstraints(resolved) as never,
    // printRoutes' metadata of a route, and the `;` split (find-my-way's, missing from its typings)
    ...({
      buildPrettyMeta: routeMeta,
      useSemicolonDelimiter: resolved.useSemicolonDelimiter,
    } as object),
    defaultRoute: (req, res) => routeNotFound(root, req, res),
    onBadUrl: (path, req, res) => routeBadUrl(root, path, req, res),
    // Fastify 5's 414 (line row maxParamLengthError); else such a path matches no route
    ...(resolved.line.maxParamLengthError
      ? {
          onMaxParamLength: (path: string, req: never, res: never) =>
            routeMaxParamLength(root, path, req, res),
        }
      : {}),
    // routerOptions' own find-my-way options (defaultRoute, onBadUrl, ...) win
    ...resolved.routerExtra,
  })
  root.server = createHttpServer(root)
  // An http2 or custom server may lack closeIdleConnections: 'idle' asked for is refused then,
  // as Fastify does; 'idle' as the default falls back to leaving connections alone.
  if (
    typeof root.server.closeIdleConnections !== 'function' &&
    resolved.forceCloseConnections === 'idle'
  ) {
    if (options?.forceCloseConnections === 'idle') {
      throw new errorCodes.FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE()
    }
    resolved.forceCloseConnections = false
  }
  return instance
}
