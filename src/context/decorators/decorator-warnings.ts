import type { ArborInstance } from '../../types/instance.ts'
import { type ContextState, stateOf } from '../state.ts'

// Development help for spec "Encapsulation rules" 5: a route that reads a request decorator
// declared only in another context gets `undefined`, which is right but easy to miss. In
// development the root Request class gets, for each such name, a getter that still returns
// undefined and logs once per route and name where the decorator lives and how to make it
// visible. A context that declares the name defines it on its own class, which shadows the
// getter, so only routes that cannot see it reach the getter. Not installed in production.

/** The per-request fields a warning reads (request/request.ts). */
interface WarnedRequest {
  log: { warn(obj: object, msg: string): void }
  route: { method: string; url: string; instance: ArborInstance }
}

/** Installs the warning getters on the root context's Request class, once, at ready. */
export function installDecoratorWarnings(root: ContextState): void {
  const declaredIn = new Map<PropertyKey, ContextState[]>()
  const collect = (state: ContextState) => {
    for (const name of Reflect.ownKeys(state.requestDecorators)) {
      declaredIn.set(name, [...(declaredIn.get(name) ?? []), state])
    }
    for (const child of state.children) collect(child)
  }
  for (const child of root.children) collect(child)

  const prototype = root.Request.prototype
  for (const [name, contexts] of declaredIn) {
    // Declared in the root (or a built-in member): visible everywhere, nothing to warn about.
    if (name in prototype) continue
    const warned = new WeakSet<object>()
    Object.defineProperty(prototype, name, {
      configurable: true,
      enumerable: false,
      get(this: WarnedRequest) {
        const route = this.route
        if (!warned.has(route)) {
          warned.add(route)
          warn(this, name, contexts, stateOf(route.instance))
        }
        return undefined
      },
      // A route may still give its requests the property itself (`request.user = ...`).
      set(this: object, value: unknown) {
        Object.defineProperty(this, name, {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        })
      },
    })
  }
}

function warn(
  request: WarnedRequest,
  name: PropertyKey,
  contexts: ContextState[],
  here: ContextState,
): void {
  const decorator = String(name)
  const where = contexts.map((c) => `'${c.name}'`).join(', ')
  const common = commonAncestor(here, contexts)
  const route = `${request.route.method} ${request.route.url}`
  request.log.warn(
    { decorator, declaredIn: contexts.map((c) => c.name), route, context: here.name },
    `request.${decorator} is undefined in route ${route} (context '${here.name}'): ` +
      `decorateRequest('${decorator}') was called in context ${where}, which this route cannot see. ` +
      `To share it, call decorateRequest('${decorator}') in '${common.name}' (an ancestor of both), ` +
      'or wrap the plugin that declares it with plugin() so that it lands in its parent context.',
  )
}

/** The deepest context that is an ancestor of `here` and of every context of `others`. */
function commonAncestor(here: ContextState, others: ContextState[]): ContextState {
  const ancestors = (state: ContextState) => {
    const set = new Set<ContextState>()
    for (let s: ContextState | null = state; s !== null; s = s.parent) set.add(s)
    return set
  }
  const shared = ancestors(here)
  for (const other of others) {
    const mine = ancestors(other)
    for (const state of shared) if (!mine.has(state)) shared.delete(state)
  }
  // `shared` keeps `here`'s chain order, deepest first
  return shared.values().next().value ?? here.root.rootState
}
