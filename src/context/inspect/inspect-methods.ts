import type { PrintContextsOptions, RouteDescription } from '../../types/inspect.ts'
import { type Instance, kState } from '../state.ts'
import { describeContexts, describeRoute } from './inspect.ts'
import { printContexts, printRoute } from './print-contexts.ts'

/**
 * The context inspector (docs/encapsulation.md "Inspecting the tree"). Call it once the
 * application is ready: plugins load at `ready()`, so before it the tree holds the root only.
 */
export const inspectMethods = {
  /** The context tree as data: per context what it registered and what it inherits. */
  describeContexts(this: Instance) {
    return describeContexts(this[kState].root)
  },
  /**
   * The context tree as text, each context with its decorators, hooks, schemas, handlers,
   * parsers and routes; what it inherits is marked `(from <context>)`.
   * @example
   * await app.ready()
   * console.log(app.printContexts())
   */
  printContexts(this: Instance, options?: PrintContextsOptions): string {
    return printContexts(describeContexts(this[kState].root), options)
  },
  /** What the route that answers `method url` sees, or null when none does. */
  describeRoute(this: Instance, method: string, url: string): RouteDescription | null {
    return describeRoute(this[kState].root, method, url)
  },
  /**
   * What one route sees, as text: its hooks in run order with the context of each, decorators,
   * error handlers, shared schemas, parsers and compilers.
   * @example
   * await app.ready()
   * console.log(app.printRoute('GET', '/two'))
   */
  printRoute(this: Instance, method: string, url: string): string {
    const route = describeRoute(this[kState].root, method, url)
    return route === null ? `${method.toUpperCase()} ${url}: no route\n` : printRoute(route)
  },
}
