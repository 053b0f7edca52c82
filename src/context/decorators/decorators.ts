import { errorCodes } from '../../errors.ts'
import { Arbor } from '../instance.ts'
import { type Instance, kState, type RootState } from '../state.ts'

export type DecoratorKind = 'instance' | 'request' | 'reply'

/** A decorator given as accessors instead of a value. */
export interface DecoratorAccessors {
  getter?: () => unknown
  setter?: (value: unknown) => void
}

function isAccessors(value: unknown): value is DecoratorAccessors {
  return (
    typeof value === 'object' &&
    value !== null &&
    (typeof (value as DecoratorAccessors).getter === 'function' ||
      typeof (value as DecoratorAccessors).setter === 'function')
  )
}

let warnedReferenceType = false

/**
 * The public properties the Request and Reply constructors assign (not on a prototype). In the
 * Fastify 5 line they count as decorators (line row `builtinDecorators`): `has*Decorator` sees
 * them, a decorator cannot take their name, and a dependency on them is met.
 */
const constructorProperties: Record<'request' | 'reply', ReadonlySet<string>> = {
  request: new Set(['id', 'params', 'raw', 'query', 'log', 'body']),
  reply: new Set(['raw', 'request', 'log']),
}

/**
 * Whether `target` (an instance, or a context's request or reply decorators) has `name`: a
 * decorator of its context or an ancestor, a member of its prototype, or in the Fastify 5
 * line a property the constructor assigns.
 */
export function hasDecorator(
  root: RootState,
  target: object,
  name: string,
  kind: DecoratorKind,
): boolean {
  if (name in target) return true
  return (
    kind !== 'instance' &&
    root.options.line.builtinDecorators &&
    constructorProperties[kind].has(name)
  )
}

/**
 * Names Fastify's plugin override sets on every child context as its own properties, so that
 * decorating them in a child is refused there too (`FST_ERR_DEC_ALREADY_PRESENT`).
 */
const childOwnNames: ReadonlySet<string> = new Set(['ready', 'getSchema', 'getSchemas'])

/**
 * Whether decorating `name` on `target` is refused, by the rules of Fastify's lib/decorate.js
 * (the same in 4.25 and 5):
 * - an instance decorator is refused only when the context has `name` as its own property. The
 *   root's own properties in Fastify are its API, which in arbor is on the prototype; a child's
 *   are its own decorators and the few names above. So a child may shadow an ancestor's
 *   decorator, or even an API method, in itself and below.
 * - a request or reply decorator is refused when the context itself declared `name`, or when
 *   an ancestor declared it with a value that is neither a function nor accessors (Fastify
 *   copies those values into every child's list of instance properties); an ancestor's function
 *   or getter, and a built-in method such as `reply.getHeader`, may be redefined (mercurius
 *   registered twice, @fastify/cors). In the Fastify 5 line the constructor's properties are
 *   refused too (row `builtinDecorators`).
 */
function alreadyPresent(root: RootState, target: object, name: string, kind: DecoratorKind) {
  if (Object.hasOwn(target, name)) return true
  if (kind === 'instance') {
    if ((target as Instance)[kState].parent !== null) return childOwnNames.has(name)
    return name !== 'constructor' && Object.hasOwn(Arbor.prototype, name)
  }
  if (root.options.line.builtinDecorators && constructorProperties[kind].has(name)) return true
  return inheritsPlainValue(target, name)
}

/** Whether the nearest ancestor that has `name` holds a value that is not a function. */
function inheritsPlainValue(target: object, name: string): boolean {
  for (
    let proto = Object.getPrototypeOf(target);
    proto !== null;
    proto = Object.getPrototypeOf(proto)
  ) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name)
    if (descriptor === undefined) continue
    return 'value' in descriptor && typeof descriptor.value !== 'function'
  }
  return false
}

/**
 * Adds `name` to `target` (an instance, or a context's Request/Reply prototype). Because
 * children inherit from `target`, the decorator is visible in this context and below only.
 */
export function addDecorator(
  root: RootState,
  target: object,
  name: string,
  value: unknown,
  dependencies: unknown,
  kind: DecoratorKind,
): void {
  if (root.started) throw new errorCodes.FST_ERR_DEC_AFTER_START(name)
  if (alreadyPresent(root, target, name, kind)) {
    throw new errorCodes.FST_ERR_DEC_ALREADY_PRESENT(name)
  }
  if (dependencies !== undefined) {
    if (!Array.isArray(dependencies)) throw new errorCodes.FST_ERR_DEC_DEPENDENCY_INVALID_TYPE(name)
    for (const dependency of dependencies) {
      if (!hasDecorator(root, target, String(dependency), kind))
        throw new errorCodes.FST_ERR_DEC_MISSING_DEPENDENCY(String(dependency))
    }
  }
  if (isAccessors(value)) {
    Object.defineProperty(target, name, {
      get: value.getter,
      set: value.setter,
      configurable: true,
      enumerable: false,
    })
    return
  }
  if (kind !== 'instance' && typeof value === 'object' && value !== null && !warnedReferenceType) {
    warnedReferenceType = true
    process.emitWarning(
      `decorate${kind === 'request' ? 'Request' : 'Reply'}('${name}') was given an object or array: ` +
        'that one value is shared by every request. Use a getter, or set a fresh value in an onRequest hook, to give each request its own.',
      { type: 'ArborWarning', code: 'ARBOR_DEC_REFERENCE_TYPE' },
    )
  }
  ;(target as Record<string, unknown>)[name] = value
}
