import type { IncomingMessage } from 'node:http'
import { parse as parseQuery } from 'fast-querystring'
import Router from 'find-my-way'
import { defaultParsers } from '../content/parsers.ts'
import { errorCodes } from '../errors.ts'
import { routeBadUrl, routeNotFound } from '../lifecycle/not-found.ts'
import { createLogger } from '../logger.ts'
import { type ArborOptions, resolveOptions } from '../options.ts'
import { Reply } from '../reply.ts'
import { Request } from '../request.ts'
import { SchemaSet } from '../schema/schema-set.ts'
import { defaultSchemaErrorFormatter } from '../schema/validation.ts'
import { createHttpServer } from '../server.ts'
import { copyHookStore, emptyHookStore } from './hooks.ts'
import { Arbor, type ArborInstance } from './instance.ts'
import { type LoaderHooks, LoadFrame } from './plugin-loader.ts'
import { arborVersion, fastifyApiVersion, metaOf, pluginName, satisfies } from './plugin-meta.ts'
import { type ContextState, kState, type RootState } from './state.ts'

function attachState(instance: object, state: ContextState): void {
  Object.defineProperty(instance, kState, { value: state, enumerable: false, writable: false })
}

function requestIdGenerator(root: RootState['options']): (req: IncomingMessage) => string {
  const header = root.requestIdHeader === false ? false : root.requestIdHeader.toLowerCase()
  let counter = 0
  const generate = root.genReqId ?? (() => `req-${(++counter).toString(36)}`)
  if (header === false) return generate
  // Read from rawHeaders: `req.headers` is built lazily by Node, and most requests carry no id.
  return (req) => {
    const raw = req.rawHeaders
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!
      if (name.length === header.length && name.toLowerCase() === header) {
        const given = raw[i + 1]!
        if (given.length > 0) return given
      }
    }
    return generate(req)
  }
}

/**
 * Creates an application: the root context (spec "Encapsulation rules" 1).
 * @example
 * import arbor from 'arbor'
 * const app = arbor({ logger: true })
 * app.get('/', async () => ({ hello: 'world' }))
 * await app.listen({ port: 3000 })
 */
export function arbor(options?: ArborOptions): ArborInstance {
  const resolved = resolveOptions(options)
  const logger = createLogger(resolved.logger)
  const instance = new Arbor() as ArborInstance
  const root = {
    options: resolved,
    logger,
    genReqId: requestIdGenerator(resolved),
    frames: [] as LoadFrame[],
    booting: null,
    closingPromise: null,
    ready: false,
    started: false,
    listening: false,
    closing: false,
    closed: false,
    routes: [],
    notFoundRoutes: [],
    notFoundByPrefix: new Map(),
    defaultErrorHandler: null,
    appHooks: { onReady: [], onListen: [], preClose: [], onClose: [] },
  } as unknown as RootState
  const state: ContextState = {
    root,
    parent: null,
    instance,
    name: 'root',
    prefix: '',
    logger,
    hooks: emptyHookStore(),
    requestDecorators: Object.create(Request.prototype) as object,
    replyDecorators: Object.create(Reply.prototype) as object,
    Request,
    Reply,
    errorHandler: { func: null, instance: null, parent: null },
    parsers: defaultParsers(resolved.onProtoPoisoning, resolved.onConstructorPoisoning),
    schemas: new SchemaSet(),
    validatorCompiler: undefined,
    serializerCompiler: undefined,
    schemaErrorFormatter:
      resolved.schemaErrorFormatter?.bind(instance) ?? defaultSchemaErrorFormatter,
    pluginNames: [],
    children: [],
    routes: [],
    loadStart: performance.now(),
    loadTime: undefined,
  }
  attachState(instance, state)
  root.rootState = state
  root.rootFrame = new LoadFrame(instance, {
    name: 'root',
    prefix: '',
    encapsulated: true,
    loadTime: undefined,
    children: [],
  })
  root.frames.push(root.rootFrame)
  root.loader = loaderHooks
  root.router = Router({
    caseSensitive: resolved.caseSensitive,
    ignoreTrailingSlash: resolved.ignoreTrailingSlash,
    ignoreDuplicateSlashes: resolved.ignoreDuplicateSlashes,
    maxParamLength: resolved.maxParamLength,
    querystringParser: resolved.querystringParser ?? parseQuery,
    defaultRoute: (req, res) => routeNotFound(root, req, res),
    onBadUrl: (path, req, res) => routeBadUrl(root, path, req, res),
  })
  root.server = createHttpServer(root)
  return instance
}

/** Creates the context of an encapsulated plugin: a child of `parent` (DESIGN.md). */
function createChild(
  parent: ArborInstance,
  fn: Function,
  options: Record<string, unknown>,
): ArborInstance {
  const parentState = parent[kState]
  const child = Object.create(parent) as ArborInstance
  const logLevel = options.logLevel
  const state: ContextState = {
    root: parentState.root,
    parent: parentState,
    instance: child,
    name: pluginName(fn),
    prefix: joinPrefix(parentState.prefix, options.prefix),
    logger:
      typeof logLevel === 'string'
        ? parentState.logger.child({}, { level: logLevel })
        : parentState.logger,
    hooks: copyHookStore(parentState.hooks),
    requestDecorators: Object.create(parentState.requestDecorators) as object,
    replyDecorators: Object.create(parentState.replyDecorators) as object,
    Request: parentState.Request,
    Reply: parentState.Reply,
    errorHandler: parentState.errorHandler,
    parsers: parentState.parsers.clone(),
    schemas: parentState.schemas.share(),
    validatorCompiler: parentState.validatorCompiler,
    serializerCompiler: parentState.serializerCompiler,
    schemaErrorFormatter: parentState.schemaErrorFormatter,
    pluginNames: parentState.pluginNames.slice(),
    children: [],
    routes: [],
    loadStart: performance.now(),
    loadTime: undefined,
  }
  attachState(child, state)
  parentState.children.push(state)
  for (const hook of parentState.hooks.onRegister)
    hook.call(child as never, ...([child, options] as never[]))
  return child
}

function joinPrefix(parentPrefix: string, prefix: unknown): string {
  if (prefix === undefined || prefix === null || prefix === '') return parentPrefix
  if (typeof prefix !== 'string') {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      `the prefix option must be a string, got ${typeof prefix}`,
    )
  }
  let own = prefix.startsWith('/') ? prefix : `/${prefix}`
  while (own.length > 1 && own.endsWith('/')) own = own.slice(0, -1)
  if (own === '/') return parentPrefix
  return parentPrefix + own
}

/** Checks a wrapped plugin's declared needs before it loads; the error names the plugin. */
function checkMeta(fn: Function, instance: ArborInstance): void {
  const meta = metaOf(fn)
  if (meta === undefined) return
  const name = pluginName(fn)
  const state = instance[kState]
  if (typeof meta.fastify === 'string' && !satisfies(fastifyApiVersion, meta.fastify)) {
    throw new errorCodes.FST_ERR_PLUGIN_VERSION_MISMATCH(
      name,
      meta.fastify,
      'Fastify API',
      fastifyApiVersion,
    )
  }
  if (typeof meta.arbor === 'string' && !satisfies(arborVersion, meta.arbor)) {
    throw new errorCodes.FST_ERR_PLUGIN_VERSION_MISMATCH(name, meta.arbor, 'arbor', arborVersion)
  }
  for (const dependency of meta.dependencies ?? []) {
    if (!state.pluginNames.includes(dependency)) {
      throw new errorCodes.FST_ERR_PLUGIN_DEPENDENCY_MISSING(dependency, name)
    }
  }
  const decorators = meta.decorators
  if (decorators === undefined) return
  const targets: Array<[string[] | undefined, object, string]> = [
    [decorators.fastify, instance, ''],
    [decorators.instance, instance, ''],
    [decorators.request, state.requestDecorators, ' (request)'],
    [decorators.reply, state.replyDecorators, ' (reply)'],
  ]
  for (const [names, target, kind] of targets) {
    for (const decorator of names ?? []) {
      if (!(decorator in target)) {
        throw new errorCodes.FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE(
          decorator,
          kind,
          `the context of plugin '${name}'`,
        )
      }
    }
  }
}

const loaderHooks: LoaderHooks = {
  createChild,
  stateOf: (instance) => instance[kState],
  checkMeta,
}
