import { installLineMembers } from '../../request/line-members.ts'
import { Reply } from '../../request/reply.ts'
import { Request } from '../../request/request.ts'
import type { ReplyClass, RequestClass } from '../../request/route-context.ts'
import type { ContextState } from '../state.ts'
import { installDecoratorWarnings } from './decorator-warnings.ts'

/**
 * Gives every context its Request and Reply classes, once, when the application becomes ready.
 * A context that added request (or reply) decorators gets a subclass of its parent's class
 * carrying them; a context that added none shares its parent's class. Sharing matters: with
 * a subclass for each of 100 plugins, the constructors saw 100 object shapes and V8's slow
 * path cost 12% of the CPU in the plugins benchmark.
 */
export function resolveClasses(state: ContextState): void {
  const parent = state.parent
  state.Request = classFor(
    parent === null ? Request : parent.Request,
    state.requestDecorators,
    parent === null,
  )
  state.Reply = classFor(
    parent === null ? Reply : parent.Reply,
    state.replyDecorators,
    parent === null,
  )
  if (parent === null) installLineMembers(state.Request, state.Reply, state.root.options.line)
  for (const child of state.children) resolveClasses(child)
  // Decided once, at ready: in production no warning getter is installed (decorator-warnings.ts).
  if (parent === null && process.env.NODE_ENV !== 'production') installDecoratorWarnings(state)
}

function classFor<C extends RequestClass | ReplyClass>(
  base: C,
  decorators: object,
  isRoot: boolean,
): C {
  const names = Reflect.ownKeys(decorators)
  // The root always gets its own class, so two applications never share decorators.
  if (names.length === 0 && !isRoot) return base
  const Derived = class extends (base as unknown as new (...args: never[]) => object) {}
  for (const name of names) {
    Object.defineProperty(
      Derived.prototype,
      name,
      Object.getOwnPropertyDescriptor(decorators, name)!,
    )
  }
  return Derived as unknown as C
}
