import type { Parser } from '../../content/parsers.ts'
import type { ErrorHandlerLink, RouteContext } from '../../request/route-context.ts'
import { defaultSchemaErrorFormatter } from '../../schema/validation.ts'
import { type HookName, requestHookNames } from '../../types/hook-names.ts'
import type {
  ContextDescription,
  InspectedCompilers,
  InspectedDecorators,
  InspectedItem,
  RouteDescription,
} from '../../types/inspect.ts'
import type { PluginNode } from '../loader/plugin-record.ts'
import { type ContextState, type RootState, stateOf } from '../state.ts'

// The context inspector's data: what each context registered and inherits, and what a route
// sees. It reads the registries the contexts keep (context/state.ts); nothing is recorded for
// it, so it costs nothing until it is called.

const contextHookNames = [...requestHookNames, 'onRoute', 'onRegister'] as const
const appHookNames = ['onReady', 'onListen', 'preClose', 'onClose'] as const

/** Names of contexts in the tree: the plugin's name, `#2`, `#3` for a name used again. */
type Names = Map<ContextState, string>

function nameContexts(root: ContextState): Names {
  const names: Names = new Map()
  const seen = new Map<string, number>()
  const visit = (state: ContextState) => {
    const count = (seen.get(state.name) ?? 0) + 1
    seen.set(state.name, count)
    names.set(state, count === 1 ? state.name : `${state.name}#${count}`)
    for (const child of state.children) visit(child)
  }
  visit(root)
  return names
}

/** The contexts from the root down to `state`. */
function chainOf(state: ContextState): ContextState[] {
  const chain: ContextState[] = []
  for (let s: ContextState | null = state; s !== null; s = s.parent) chain.unshift(s)
  return chain
}

/** A function as the inspector shows it. */
export function functionName(fn: Function): string {
  const name = fn.name.startsWith('bound ') ? fn.name.slice(6) : fn.name
  return name === '' ? 'anonymous' : name
}

/**
 * The context an inherited entry comes from: children start with their parent's entries, so
 * it is the topmost context, going up from the last of `chain`, that still holds the same one.
 */
function originOf(chain: ContextState[], holds: (state: ContextState) => boolean): ContextState {
  let i = chain.length - 1
  while (i > 0 && holds(chain[i - 1]!)) i--
  return chain[i]!
}

/** Own keys of a registry object: string keys, and the symbols set by plain assignment. */
function ownNames(target: object): string[] {
  return Reflect.ownKeys(target)
    .filter(
      (key) =>
        typeof key === 'string' ||
        Object.getOwnPropertyDescriptor(target, key)?.enumerable === true,
    )
    .map(String)
}

function decoratorsOf(chain: ContextState[], names: Names): InspectedDecorators {
  const out: InspectedDecorators = { instance: [], request: [], reply: [] }
  for (const state of chain) {
    const context = names.get(state)!
    for (const name of ownNames(state.instance)) out.instance.push({ name, context })
    for (const name of ownNames(state.requestDecorators)) out.request.push({ name, context })
    for (const name of ownNames(state.replyDecorators)) out.reply.push({ name, context })
  }
  return out
}

/**
 * Hooks of one kind of the last context of `chain`, in run order, each with the context that
 * added it. A context holds its ancestors' hooks too, so its own are the ones its parent lacks.
 */
function hooksOf(chain: ContextState[], kind: HookName, names: Names): InspectedItem[] {
  const owned = chain.map((state) => {
    const counts = new Map<unknown, number>()
    for (const fn of state.hooks[kind]) counts.set(fn, (counts.get(fn) ?? 0) + 1)
    for (const fn of state.parent?.hooks[kind] ?? []) counts.set(fn, (counts.get(fn) ?? 0) - 1)
    return counts
  })
  const last = chain[chain.length - 1]!
  return last.hooks[kind].map((fn) => {
    const index = owned.findIndex((counts) => (counts.get(fn) ?? 0) > 0)
    const owner = index === -1 ? last : chain[index]!
    if (index !== -1) owned[index]!.set(fn, owned[index]!.get(fn)! - 1)
    return { name: functionName(fn), context: names.get(owner)! }
  })
}

function schemasOf(chain: ContextState[], names: Names): InspectedItem[] {
  const last = chain[chain.length - 1]!
  const own = last.schemas.getSchemas() as Record<string, unknown>
  return Object.entries(own).map(([id, schema]) => {
    const owner = originOf(chain, (s) => s.schemas.getSchema(id) === schema)
    return { name: id, context: names.get(owner)! }
  })
}

function parsersOf(chain: ContextState[], names: Names): InspectedItem[] {
  const { exact, patterns, catchAll } = chain[chain.length - 1]!.parsers
  const item = (name: string, holds: (state: ContextState) => boolean): InspectedItem => ({
    name,
    context: names.get(originOf(chain, holds))!,
  })
  const out = [...exact].map(([type, parser]) =>
    item(type, (s) => s.parsers.exact.get(type) === parser),
  )
  for (const entry of patterns) {
    out.push(item(String(entry[0]), (s) => s.parsers.patterns.includes(entry)))
  }
  const all: Parser | null = catchAll
  if (all !== null) out.push(item('*', (s) => s.parsers.catchAll === all))
  return out
}

function errorHandlerOf(state: ContextState, names: Names): InspectedItem {
  const link = state.errorHandler
  if (link.func === null || link.instance === null)
    return { name: "arbor's default", context: null }
  return { name: functionName(link.func), context: names.get(stateOf(link.instance)) ?? null }
}

/** The not-found handler for URLs under a context's prefix: the one of the longest prefix. */
function notFoundHandlerOf(state: ContextState, names: Names): InspectedItem {
  let best: { prefix: string; item: InspectedItem } | undefined
  for (const [prefix, entry] of state.root.notFoundByPrefix) {
    const covers = prefix === '' || state.prefix === prefix || state.prefix.startsWith(`${prefix}/`)
    if (covers && (best === undefined || prefix.length > best.prefix.length)) {
      best = {
        prefix,
        item: { name: functionName(entry.handler), context: names.get(entry.state)! },
      }
    }
  }
  return best?.item ?? { name: "arbor's default", context: null }
}

function compilersOf(chain: ContextState[], names: Names): InspectedCompilers {
  const last = chain[chain.length - 1]!
  const describe = (
    fn: Function | undefined,
    fallback: string,
    holds: (state: ContextState) => boolean,
  ): InspectedItem =>
    fn === undefined || fn === defaultSchemaErrorFormatter
      ? { name: fallback, context: null }
      : { name: functionName(fn), context: names.get(originOf(chain, holds))! }
  return {
    validator: describe(
      last.validatorCompiler,
      "Ajv (arbor's default)",
      (s) => s.validatorCompiler === last.validatorCompiler,
    ),
    serializer: describe(
      last.serializerCompiler,
      "fast-json-stringify (arbor's default)",
      (s) => s.serializerCompiler === last.serializerCompiler,
    ),
    schemaErrorFormatter: describe(
      last.schemaErrorFormatter,
      "arbor's default",
      (s) => s.schemaErrorFormatter === last.schemaErrorFormatter,
    ),
  }
}

/** Which wrapped plugins ran in which context, read from the plugin tree of printPlugins(). */
function wrappedPluginsOf(root: RootState): Map<ContextState, string[]> {
  const found = new Map<ContextState, string[]>()
  // A context's children were created in the order their plugins appear in the plugin tree,
  // walking through the wrapped plugins, which add children to the context they ran in.
  const next = new Map<ContextState, number>()
  const visit = (node: PluginNode, state: ContextState) => {
    for (const child of node.children) {
      if (child.encapsulated) {
        const index = next.get(state) ?? 0
        next.set(state, index + 1)
        const childState = state.children[index]
        if (childState?.name === child.name) visit(child, childState)
      } else {
        found.set(state, [...(found.get(state) ?? []), child.name])
        visit(child, state)
      }
    }
  }
  visit(root.loader.rootNode, root.rootState)
  return found
}

/** The whole tree, from the root context. */
export function describeContexts(root: RootState): ContextDescription {
  const names = nameContexts(root.rootState)
  const wrapped = wrappedPluginsOf(root)
  const describe = (state: ContextState): ContextDescription => {
    const chain = chainOf(state)
    const hooks: ContextDescription['hooks'] = {}
    for (const kind of contextHookNames) {
      const items = hooksOf(chain, kind, names)
      if (items.length > 0) hooks[kind] = items
    }
    // Application hooks are the application's, not inherited: listed where they were added.
    for (const kind of appHookNames) {
      const items = root.appHooks[kind]
        .filter(([, instance]) => stateOf(instance) === state)
        .map(([fn]) => ({ name: functionName(fn), context: names.get(state)! }))
      if (items.length > 0) hooks[kind] = items
    }
    return {
      name: names.get(state)!,
      prefix: state.prefix,
      wrappedPlugins: wrapped.get(state) ?? [],
      decorators: decoratorsOf(chain, names),
      hooks,
      schemas: schemasOf(chain, names),
      errorHandler: errorHandlerOf(state, names),
      notFoundHandler: notFoundHandlerOf(state, names),
      parsers: parsersOf(chain, names),
      compilers: compilersOf(chain, names),
      routes: state.routes.map((route) => `${route.method} ${route.url}`),
      children: state.children.map(describe),
    }
  }
  return describe(root.rootState)
}

/** The route a method and URL lead to: declared with that URL, or matched by the router. */
function findRoute(root: RootState, method: string, url: string): RouteContext | undefined {
  const upper = method.toUpperCase()
  const declared = root.routes.find((route) => route.method === upper && route.url === url)
  if (declared !== undefined) return declared
  const found = root.router.find(upper as never, url)
  return (found?.store as RouteContext | undefined) ?? undefined
}

/** What one route sees, or null when no route answers `method url`. */
export function describeRoute(
  root: RootState,
  method: string,
  url: string,
): RouteDescription | null {
  const route = findRoute(root, method, url)
  if (route === undefined) return null
  const state = stateOf(route.instance)
  const names = nameContexts(root.rootState)
  const chain = chainOf(state)
  const options = route.options
  const own = (fn: Function): InspectedItem => ({ name: functionName(fn), context: 'route' })

  const hooks: RouteDescription['hooks'] = {}
  for (const kind of requestHookNames) {
    const fromRoute = options[kind] === undefined ? [] : ([] as Function[]).concat(options[kind])
    const items = [...hooksOf(chain, kind, names), ...fromRoute.map(own)]
    if (items.length > 0) hooks[kind] = items
  }

  const errorHandlers: InspectedItem[] = []
  if (options.errorHandler !== undefined) errorHandlers.push(own(options.errorHandler))
  let link: ErrorHandlerLink | null = state.errorHandler
  while (link !== null && link.func !== null) {
    errorHandlers.push({
      name: functionName(link.func),
      context: link.instance === null ? null : (names.get(stateOf(link.instance)) ?? null),
    })
    link = link.parent
  }
  errorHandlers.push({ name: "arbor's default", context: null })

  const compilers = compilersOf(chain, names)
  if (options.validatorCompiler !== undefined) compilers.validator = own(options.validatorCompiler)
  if (options.serializerCompiler !== undefined)
    compilers.serializer = own(options.serializerCompiler)
  if (options.schemaErrorFormatter !== undefined)
    compilers.schemaErrorFormatter = own(options.schemaErrorFormatter)

  return {
    method: route.method,
    url: route.url,
    contexts: chain.map((s) => names.get(s)!),
    hooks,
    decorators: decoratorsOf(chain, names),
    errorHandlers,
    schemas: schemasOf(chain, names),
    parsers: parsersOf(chain, names),
    compilers,
  }
}
