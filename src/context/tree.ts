import { errorCodes } from '../errors.ts'
import type { ArborInstance } from '../types/instance.ts'
import { copyHookStore } from './hooks/hooks.ts'
import {
  declaredName,
  functionPreview,
  isSkipOverride,
  kRegisteredPlugins,
  loaderName,
} from './loader/plugin-meta.ts'
import { registerPlugin } from './plugin-checks.ts'
import { type ContextState, kState, stateOf } from './state.ts'

/** Gives an instance its context state (not enumerable: it is arbor's, not the user's). */
export function attachState(instance: object, state: ContextState): void {
  Object.defineProperty(instance, kState, { value: state, enumerable: false, writable: false })
  // Fastify's own (writable) property; not enumerable, so that it is not listed among the
  // context's decorators (printContexts) nor by Object.keys.
  Object.defineProperty(instance, kRegisteredPlugins, {
    value: state.registeredPlugins,
    enumerable: false,
    writable: true,
    configurable: true,
  })
}

/**
 * The instance a plugin runs with (Fastify's `override`): after its meta is checked against
 * the parent, a plugin wrapped with `plugin()` runs with the parent itself, which takes its
 * name into its `pluginName` chain; any other plugin gets a new child context.
 */
export function override(parent: ArborInstance, fn: Function, options: unknown): ArborInstance {
  const parentState = stateOf(parent)
  registerPlugin(parent, parentState, fn)
  const name = declaredName(fn) ?? functionPreview(fn)
  if (isSkipOverride(fn)) {
    parentState.nameChain.push(name)
    return parent
  }
  // An options function is called later, with the child; as in Fastify, the properties set on
  // the function itself (`prefix`, `logLevel`, `logSerializers`) shape the child now, and the
  // onRegister hooks get the function (@fastify/autoload sets `prefix` on it).
  const own =
    (typeof options === 'object' && options !== null) || typeof options === 'function'
      ? options
      : {}
  return createChild(parent, loaderName(fn, options), name, own as Record<string, unknown>)
}

/** Creates the context of an encapsulated plugin: a child of `parent` (DESIGN.md). */
function createChild(
  parent: ArborInstance,
  name: string,
  chainName: string,
  options: Record<string, unknown>,
): ArborInstance {
  const parentState = stateOf(parent)
  const child = Object.create(parent) as ArborInstance
  const logLevel = options.logLevel
  const state: ContextState = {
    root: parentState.root,
    parent: parentState,
    instance: child,
    name,
    nameChain: [chainName],
    prefix: joinPrefix(
      parentState.prefix,
      options.prefix,
      parentState.root.options.line.prefixSlashAfterTrailingSlash,
    ),
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
    // As in Fastify, a child's list is an object whose prototype is its parent's list: read
    // through Array methods, it holds the parent's names when the child was created, then its
    // own (Symbol.for('registered-plugin') exposes it).
    registeredPlugins: Object.create(parentState.registeredPlugins) as string[],
    children: [],
    routes: [],
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

function joinPrefix(parentPrefix: string, prefix: unknown, slashAfterSlash: boolean): string {
  if (prefix === undefined || prefix === null || prefix === '') return parentPrefix
  if (typeof prefix !== 'string') {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      `the prefix option must be a string, got ${typeof prefix}`,
    )
  }
  // Fastify's buildRoutePrefix: one '/' between the two; a trailing '/' is kept, so that
  // `prefix: '/v1/'` answers at `/v1/` and not at `/v1`.
  // Line row prefixSlashAfterTrailingSlash: '/v1/' + 'inner' is '/v1//inner' in Fastify 4.25
  // and '/v1/inner' in Fastify 5.
  if (parentPrefix.endsWith('/')) {
    if (prefix.startsWith('/')) return parentPrefix + prefix.slice(1)
    if (!slashAfterSlash) return parentPrefix + prefix
  }
  return parentPrefix + (prefix.startsWith('/') ? prefix : `/${prefix}`)
}
