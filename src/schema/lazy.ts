import type { JSONSchema, SerializerFunction, ValidatorFunction } from '../types/schema.ts'

// Compiling on first use (compileSchemas: 'lazy'), and compiling identical schemas once.
// arbor's default compilers carry a `deferred` form: it checks the schema at ready (see
// vouch.ts) and hands back a stand-in that compiles on its first call. A schema it cannot
// vouch for is compiled at once, so a broken one still fails at ready.

/**
 * How many vouched schemas each default compiler compiles at ready all the same. Measured on
 * the startup benchmark (1,000 schema'd routes, fresh processes, Node 20): the first request
 * sent → first byte was 17.4 ms with 1, 15.0 with 5, 14.0 with 10 and 15.4 with 20, for 80 ms
 * more of ready() at 10 (734 → 816 ms, against Fastify 5's 3.8 s).
 */
export const WARM_COMPILES = 10

/** A stand-in for a function compiled on its first call. */
interface Deferred {
  /** called once with the compiled function, to put it where the stand-in is kept */
  onCompiled?: (compiled: Function) => void
}

const deferred = new WeakSet<Function>()

/** A compiler whose `deferred` form checks now and compiles on first use. */
export type DeferringCompiler<I, F> = ((input: I) => F) & { deferred?: (input: I) => F }

/**
 * A compiler that compiles each distinct schema once (identical schemas share the compiled
 * function) and, through `deferred`, can put the compiling off to the first call.
 * `vouches` says whether the schema is certain to compile; `standIn` makes the stand-in;
 * `failed` turns an error of a deferred compile into the one a request answers with;
 * `compileVouched`, when given, compiles the schemas `vouches` accepted (a cheaper way that
 * is only right for them). The first `warmCompiles` schemas the deferred form vouches for
 * are compiled at once, at ready: an engine's first compiles cost many times a later one (its
 * code generator runs in V8's interpreter until V8 has seen it run often enough to compile
 * it), which would otherwise fall on the first request of a fresh process.
 */
export function deferringCompiler<I extends { schema: JSONSchema }, F>(
  compile: (input: I) => F,
  vouches: (schema: JSONSchema) => boolean,
  standIn: (compile: () => F) => F,
  failed: (input: I, err: Error) => Error,
  compileVouched: (input: I) => F = compile,
  warmCompiles = 0,
): DeferringCompiler<I, F> {
  let warmLeft = warmCompiles
  const byText = new Map<string, F>()
  const vouched = new Map<string, boolean>()
  const once = (input: I, how: (input: I) => F, key = textOf(input.schema)): F => {
    if (key === null) return how(input)
    let fn = byText.get(key)
    if (fn === undefined) {
      fn = how(input)
      byText.set(key, fn)
    }
    return fn
  }
  const compiler: DeferringCompiler<I, F> = (input) => once(input, compile)
  compiler.deferred = (input) => {
    const key = textOf(input.schema)
    const known = key === null ? undefined : byText.get(key)
    if (known !== undefined) return known
    let ok = key === null ? undefined : vouched.get(key)
    if (ok === undefined) {
      ok = vouches(input.schema)
      if (key !== null) vouched.set(key, ok)
    }
    if (!ok) return compiler(input)
    // A compile that fails (which the check should have made impossible) is not tried again
    // on every request; each request gets an error of its own.
    let failure: Error | undefined
    if (warmLeft > 0) {
      warmLeft--
      try {
        return once(input, compileVouched, key)
      } catch (err) {
        // ready() still succeeds: the route's requests answer with the error, as when lazy
        failure = err as Error
      }
    }
    return standIn(() => {
      if (failure !== undefined) throw failed(input, failure)
      try {
        // the schema's text was taken at ready: not again on the first request
        return once(input, compileVouched, key)
      } catch (err) {
        failure = err as Error
        throw failed(input, failure)
      }
    })
  }
  return compiler
}

/**
 * The schema as JSON text, the key under which identical schemas share one compiled
 * function; null when the schema holds something JSON cannot show (a function, a RegExp, a
 * class instance), which a compiler might read.
 */
export function textOf(schema: JSONSchema): string | null {
  try {
    return JSON.stringify(schema, (_key, value: unknown) => {
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        const proto = Object.getPrototypeOf(value)
        if (proto !== Object.prototype && proto !== null) throw notPlain
      } else if (typeof value === 'function' || typeof value === 'bigint') {
        throw notPlain
      }
      return value
    })
  } catch {
    return null
  }
}

const notPlain = new Error('not plain JSON')

/** A validator that compiles on its first call; Ajv's `errors` are read from it as usual. */
export function lazyValidator(compile: () => ValidatorFunction): ValidatorFunction {
  let compiled: ValidatorFunction | undefined
  const standIn: ValidatorFunction & Deferred = function (
    this: unknown,
    data: unknown,
    dataContext?: unknown,
  ) {
    if (compiled === undefined) {
      compiled = compile()
      standIn.onCompiled?.(compiled)
    }
    // Ajv's second argument (parentData, for a root value it coerces) is passed on
    const result = (compiled as Function).call(this, data, dataContext)
    standIn.errors = compiled.errors
    return result
  }
  deferred.add(standIn)
  return standIn
}

/** A serializer that compiles on its first call. */
export function lazySerializer(compile: () => SerializerFunction): SerializerFunction {
  let compiled: SerializerFunction | undefined
  const standIn: SerializerFunction & Deferred = (payload: unknown) => {
    if (compiled === undefined) {
      compiled = compile()
      standIn.onCompiled?.(compiled)
    }
    return compiled(payload)
  }
  deferred.add(standIn)
  return standIn
}

/**
 * Where a stand-in is kept: once compiled, `place` puts the compiled function there, so
 * later requests call it directly. Anything else is left alone.
 */
export function whenCompiled<F extends Function>(fn: F, place: (compiled: F) => void): void {
  if (deferred.has(fn)) (fn as F & Deferred).onCompiled = place as (compiled: Function) => void
}

/** The form of a compiler to use at ready: its deferred form when lazy and it has one. */
export function compilerFor<I, F>(
  compiler: DeferringCompiler<I, F>,
  lazy: boolean,
): (input: I) => F {
  const form = compiler.deferred
  return lazy && form !== undefined ? form : compiler
}
