import { errorCodes } from '../errors.ts'
import type { ArborInstance } from '../types/instance.ts'
import { copyHookStore } from './hooks.ts'
import { arborVersion, fastifyApiVersion, metaOf, pluginName, satisfies } from './plugin-meta.ts'
import { type ContextState, kState, type LoaderHooks, stateOf } from './state.ts'

/** Gives an instance its context state (not enumerable: it is arbor's, not the user's). */
export function attachState(instance: object, state: ContextState): void {
  Object.defineProperty(instance, kState, { value: state, enumerable: false, writable: false })
}

/** Creates the context of an encapsulated plugin: a child of `parent` (DESIGN.md). */
function createChild(
  parent: ArborInstance,
  fn: Function,
  options: Record<string, unknown>,
): ArborInstance {
  const parentState = stateOf(parent)
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
    logSerializers: mergeSerializers(parentState.logSerializers, options.logSerializers),
    childLoggerFactory: parentState.childLoggerFactory,
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

/** A plugin's `logSerializers` add to (and override) its parent's, as in Fastify. */
function mergeSerializers(
  parent: ContextState['logSerializers'],
  own: unknown,
): ContextState['logSerializers'] {
  if (typeof own !== 'object' || own === null) return parent
  return { ...parent, ...(own as ContextState['logSerializers']) }
}

function joinPrefix(parentPrefix: string, prefix: unknown): string {
  if (prefix === undefined || prefix === null || prefix === '') return parentPrefix
  if (typeof prefix !== 'string') {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      `the prefix option must be a string, got ${typeof prefix}`,
    )
  }
  // Fastify's buildRoutePrefix: one '/' between the two; a trailing '/' is kept, so that
  // `prefix: '/v1/'` answers at `/v1/` and not at `/v1`.
  if (parentPrefix.endsWith('/') && prefix.startsWith('/')) return parentPrefix + prefix.slice(1)
  return parentPrefix + (prefix.startsWith('/') ? prefix : `/${prefix}`)
}

/** Checks a wrapped plugin's declared needs before it loads; the error names the plugin. */
function checkMeta(fn: Function, instance: ArborInstance): void {
  const meta = metaOf(fn)
  if (meta === undefined) return
  const name = pluginName(fn)
  const state = stateOf(instance)
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
    [decorators.fastify, instance, 'Fastify'],
    [decorators.instance, instance, 'Fastify'],
    [decorators.request, state.requestDecorators, 'Request'],
    [decorators.reply, state.replyDecorators, 'Reply'],
  ]
  // Fastify's text: "The decorator 'x' required by 'meta-name' is not present in Request"
  const requiredBy = typeof meta.name === 'string' ? ` required by '${meta.name}'` : ''
  for (const [names, target, kind] of targets) {
    for (const decorator of names ?? []) {
      if (!(decorator in target)) {
        throw new errorCodes.FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE(decorator, requiredBy, kind)
      }
    }
  }
}

/** What the plugin loader needs to create and check contexts. */
export const loaderHooks: LoaderHooks = { createChild, stateOf, checkMeta }
