// Fastify 5's getDecorator and setDecorator, for the instance, the request and the reply: a
// name that nothing visible declares is a mistake (FST_ERR_DEC_UNDECLARED), not `undefined`.
// Visible, as in Fastify 5: a decorator of the context or an ancestor, or a built-in member
// (`request.id`, `reply.raw`). A request's own `in` cannot tell: in development the root class
// answers for every request decorator of the app, to warn about a read out of scope
// (context/decorators/decorator-warnings.ts).
import { errorCodes } from '../errors.ts'

/** What a decorator was added to, as FST_ERR_DEC_UNDECLARED names it. */
export type DecoratedKind = 'instance' | 'request' | 'reply'

function refuseUndeclared(declared: boolean, name: string | symbol, kind: DecoratedKind): void {
  if (!declared) throw new errorCodes.FST_ERR_DEC_UNDECLARED(String(name), kind)
}

/** The decorator's value; a function comes bound to `holder`, as a method call would be. */
export function readDecorator(
  holder: object,
  name: string | symbol,
  kind: DecoratedKind,
  declared: boolean,
): unknown {
  refuseUndeclared(declared, name, kind)
  const value = (holder as Record<string | symbol, unknown>)[name]
  return typeof value === 'function' ? value.bind(holder) : value
}

/** Sets a declared decorator on `holder` itself (a request's own value, say). */
export function writeDecorator(
  holder: object,
  name: string | symbol,
  value: unknown,
  kind: DecoratedKind,
  declared: boolean,
): void {
  refuseUndeclared(declared, name, kind)
  ;(holder as Record<string | symbol, unknown>)[name] = value
}

/**
 * Whether a request or reply built from class `base` sees `name`: a built-in member (of the
 * class or set by its constructor) or, as `hasDecorator` says, a decorator of its context.
 */
export function isVisible(
  holder: object,
  base: { prototype: object },
  name: string | symbol,
  decorated: (name: string) => boolean,
): boolean {
  return name in base.prototype || Object.hasOwn(holder, name) || decorated(name as string)
}
