// The members of the instance for the context inspector (docs/encapsulation.md "Inspecting the
// tree"). `ArborInstance` (types/instance-core.ts) extends them; they need nothing of it.
import type { ContextDescription, PrintContextsOptions, RouteDescription } from './inspect.ts'

/** The context tree and a route's view of it, after `ready()` (see `ArborInstance`). */
export interface InstanceInspect {
  /** The context tree as data: per context what it registered and what it inherits. */
  describeContexts(): ContextDescription
  /** The context tree as text; what a context inherits is marked `(from <context>)`. */
  printContexts(options?: PrintContextsOptions): string
  /** What the route that answers `method url` sees, or null when none does. */
  describeRoute(method: string, url: string): RouteDescription | null
  /** What one route sees, as text: hooks in run order with their context, and the rest. */
  printRoute(method: string, url: string): string
}
