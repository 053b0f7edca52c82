// The error class every arbor error extends, and how one kind of error is defined: the error
// table (errors/codes-*.ts) is written with `define`.
import { format } from 'node:util'

/** Every error arbor creates carries a stable `code` (Fastify's `FST_ERR_*` names) and a status. */
export interface ArborErrorShape extends Error {
  code: string
  statusCode: number
}

/**
 * A constructor for one kind of arbor error; its arguments fill the `%s` slots of the message.
 * Like @fastify/error's constructors, it may also be called without `new`.
 */
export interface ArborErrorClass {
  new (...args: unknown[]): ArborError
  (...args: unknown[]): ArborError
  readonly code: string
  readonly statusCode: number
  readonly prototype: ArborError
}

const brand = Symbol.for('arbor.error')

/**
 * Base class of every error the framework throws. `instanceof ArborError` holds across two
 * copies of the package because the check looks for a brand rather than the prototype chain.
 */
export class ArborError extends Error implements ArborErrorShape {
  code = 'FST_ERR_UNKNOWN'
  statusCode = 500
  declare validation?: unknown
  declare validationContext?: string
}
// The brand for ArborError itself; each error class keeps the ordinary check (its subclasses
// inherit this static), so that `err instanceof errorCodes.FST_ERR_BAD_URL` tells kinds apart.
Object.defineProperty(ArborError, Symbol.hasInstance, {
  value(this: Function, value: unknown): boolean {
    if (this !== ArborError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return typeof value === 'object' && value !== null && brand in value
  },
})
Object.defineProperty(ArborError.prototype, brand, { value: true })
Object.defineProperty(ArborError.prototype, 'name', { value: 'FastifyError', writable: true })

// Fastify makes some of its errors TypeErrors, RangeErrors or URIErrors: so does arbor, with
// the same brand and name, so `instanceof TypeError` and `instanceof ArborError` both hold.
const brandedBases = new Map<ErrorConstructor, typeof ArborError>([[Error, ArborError]])
function brandedBase(Base: ErrorConstructor): typeof ArborError {
  let Branded = brandedBases.get(Base)
  if (Branded === undefined) {
    const Made = class extends Base {
      code = 'FST_ERR_UNKNOWN'
      statusCode = 500
    }
    Object.defineProperty(Made.prototype, brand, { value: true })
    Object.defineProperty(Made.prototype, 'name', { value: 'FastifyError', writable: true })
    Branded = Made as unknown as typeof ArborError
    brandedBases.set(Base, Branded)
  }
  return Branded
}

export function define(
  code: string,
  message: string,
  statusCode = 500,
  Base: ErrorConstructor = Error,
) {
  class Defined extends brandedBase(Base) {
    constructor(...args: unknown[]) {
      super(args.length > 0 ? format(message, ...args) : message.replace(/ ?'?%s'?/g, ''))
      this.code = code
      this.statusCode = statusCode
    }
  }
  Object.defineProperty(Defined, 'name', { value: code })
  Object.defineProperty(Defined, 'code', { value: code })
  Object.defineProperty(Defined, 'statusCode', { value: statusCode })
  return callableClass(Defined)
}

/**
 * An error class that can also be called as a function, as @fastify/error's constructors can
 * (`errorCodes.FST_ERR_VALIDATION('msg')`, in Fastify 4 and 5): the call constructs. `new`,
 * `instanceof`, `extends` and the statics go to the class itself, and `err.constructor` is the
 * callable form, so it compares equal to the `errorCodes` entry.
 */
export function callableClass(Cls: abstract new (...args: never[]) => Error): ArborErrorClass {
  type Concrete = new (...args: unknown[]) => Error
  // Both traps construct with the class itself as new.target, V8's fast path (a construction
  // for the proxy as new.target would take the slow one); a subclass keeps its own new.target.
  const callable: Concrete = new Proxy(Cls as unknown as Concrete, {
    apply: (target, _thisArg, args: unknown[]): Error => new target(...args),
    construct: (target, args: unknown[], newTarget: Function): Error =>
      newTarget === callable ? new target(...args) : Reflect.construct(target, args, newTarget),
  })
  Object.defineProperty(Cls.prototype, 'constructor', {
    value: callable,
    writable: true,
    configurable: true,
  })
  return callable as unknown as ArborErrorClass
}

/**
 * Makes the errors of these classes TypeErrors as well (`err instanceof TypeError`), as Fastify's
 * are: their prototype chain goes through TypeError.prototype instead of ArborError.prototype,
 * which holds nothing but the brand and the name, both kept.
 */
export function alsoTypeErrors(...classes: ArborErrorClass[]): void {
  const base = Object.create(TypeError.prototype, {
    [brand]: { value: true },
    name: { value: 'FastifyError', writable: true },
  }) as object
  for (const cls of classes) Object.setPrototypeOf(cls.prototype, base)
}
