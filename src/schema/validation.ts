import { basename, join } from 'node:path'
import type { Ajv, Options as AjvOptions } from 'ajv'
import { requireLazily } from '../config/lazy-require.ts'
import type { AjvFactoryOptions } from '../config/options.ts'
import { errorCodes } from '../errors.ts'
import type {
  JSONSchema,
  SchemaErrorFormatter,
  SchemaValidationError,
  ValidationResult,
  ValidatorCompiler,
  ValidatorFunction,
} from '../types/schema.ts'
import { refuseNonFiniteNumbers } from './finite-numbers.ts'
import { deferringCompiler, lazyValidator, WARM_COMPILES } from './lazy.ts'
import { ajvVouches, SharedSchemas } from './vouch.ts'

/** The spec's baseline Ajv configuration ("Validator compiler" 1). */
export const baselineAjvOptions: AjvOptions = Object.freeze({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  // uriResolver: fast-uri, loaded with Ajv (createAjvCompiler)
  addUsedSchema: false,
  // Explicitly false: allErrors: true lets a crafted input make validation very slow.
  allErrors: false,
  // Without Ajv's code-tidying pass, a schema compiles in half the time (0.42 ms against
  // 0.87 ms warm, measured) and its route's first request is that much cheaper; the
  // validators run as fast either way, as V8 drops what the pass would have removed.
  code: { optimize: false, process: compiledWithItsMaker },
})

/**
 * Ajv's source ends `return function validateN(...) {...}`, which V8 pre-parses with the code
 * around it, then parses again in full on the validator's first call (0.18 ms for the body
 * schema of the benchmark's startup run). In parentheses, V8 compiles it at once, with the
 * code that makes it: the same validator, about 0.08 ms cheaper in all (measured, warm).
 */
function compiledWithItsMaker(source: string): string {
  // Ajv writes its scope references first, and they never hold code, so the first match
  // is the validator itself, which the source ends with. An `$async` one is left as it is.
  const at = source.indexOf('return function ')
  if (at === -1 || !source.endsWith('}')) return source
  return `${source.slice(0, at)}return (${source.slice(at + 7)})`
}

type AjvPlugin = (ajv: Ajv, options?: unknown) => unknown

/**
 * Why a validator failed to build, for FST_ERR_SCH_VALIDATION_BUILD. An Ajv plugin given in
 * `ajv.plugins` that loaded another copy of ajv than arbor's writes code with that copy's
 * classes, which arbor's Ajv prints as JSON: the validator source then fails to compile with a
 * bare "Unexpected token". When more than one copy is loaded, the message names them.
 */
export function buildFailureReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  if (!(err instanceof SyntaxError)) return message
  const copies = loadedAjvCopies()
  if (copies.length < 2) return message
  return (
    `${message}; ajv is loaded from ${copies.length} places (${copies.join(', ')}), and an Ajv ` +
    'plugin from the `ajv` option that uses another copy than arbor writes code arbor cannot ' +
    'compile: install one ajv (`npm dedupe`, or an override in package.json)'
  )
}

/** The folders of every copy of ajv loaded in this process (CommonJS modules share a cache). */
function loadedAjvCopies(): string[] {
  const tail = join('dist', 'compile', 'codegen', 'index.js')
  const copies: string[] = []
  for (const file of Object.keys(requireLazily.cache)) {
    if (!file.endsWith(tail)) continue
    const root = file.slice(0, -tail.length - 1)
    if (basename(root) === 'ajv') copies.push(root)
  }
  return copies
}

/** The validators arbor's own Ajv compiled: only their messages take the spec's wording. */
const ownAjvValidators = new WeakSet<Function>()

/** Whether arbor's own Ajv compiled `fn` (or will, for a stand-in). */
export function isOwnAjvValidator(fn: Function): boolean {
  return ownAjvValidators.has(fn)
}

/** Gives `wrapper` the wording of the arbor-compiled validator it calls. */
export function wordedAsOwnAjv(wrapper: Function): void {
  ownAjvValidators.add(wrapper)
}

/** Builds the default (Ajv 8) validator compiler over a set of shared schemas. */
export function createAjvCompiler(
  shared: Record<string, JSONSchema>,
  options: AjvFactoryOptions,
): ValidatorCompiler {
  const { Ajv } = requireLazily('ajv') as typeof import('ajv')
  const addFormats = requireLazily('ajv-formats') as AjvPlugin
  const uriResolver = requireLazily('fast-uri') as AjvOptions['uriResolver']
  const ajv = new Ajv({
    ...baselineAjvOptions,
    uriResolver,
    ...(options.customOptions as AjvOptions),
  })
  refuseNonFiniteNumbers(ajv)
  let addFormatPlugin = true
  for (const entry of options.plugins ?? []) {
    const [plugin, pluginOptions] = Array.isArray(entry) ? entry : [entry, undefined]
    if ((plugin as Function).name === 'formatsPlugin') addFormatPlugin = false
    ;(plugin as AjvPlugin)(ajv, pluginOptions)
  }
  if (addFormatPlugin) addFormats(ajv)
  for (const schema of Object.values(shared)) ajv.addSchema(schema)
  const compile: ValidatorCompiler = ({ schema }) => {
    const id = schema.$id
    const known = typeof id === 'string' ? ajv.getSchema(id) : undefined
    const fn = (known ?? ajv.compile(schema)) as unknown as ValidatorFunction
    ownAjvValidators.add(fn)
    return fn
  }
  const index = new SharedSchemas(Object.values(shared))
  return deferringCompiler(
    compile,
    // a route schema with an $id may be a shared one: looked up at ready, as before
    (schema) => typeof schema.$id !== 'string' && ajvVouches(ajv, schema, index),
    (compileLater) => {
      const standIn = lazyValidator(compileLater)
      ownAjvValidators.add(standIn)
      return standIn
    },
    (input, err) =>
      new errorCodes.FST_ERR_SCH_VALIDATION_BUILD(input.method, input.url, buildFailureReason(err)),
    (input) => compileChecked(ajv, () => compile(input)),
    WARM_COMPILES,
  )
}

/**
 * Compiles a schema that already passed Ajv's meta-schema check at ready (ajvVouches): the
 * compile on its first request skips that check, which Ajv would otherwise repeat.
 */
function compileChecked<T>(ajv: Ajv, compile: () => T): T {
  const opts = ajv.opts as { validateSchema?: unknown }
  const saved = opts.validateSchema
  opts.validateSchema = false
  try {
    return compile()
  } finally {
    opts.validateSchema = saved
  }
}

export interface ValidationOutcome {
  error: Error | null
  value: unknown
  hasValue: boolean
  /** set when the validator answered with a promise (`$async` schemas): the outcome to come */
  pending?: Promise<ValidationOutcome>
}

const passed: ValidationOutcome = Object.freeze({ error: null, value: undefined, hasValue: false })

/**
 * Runs one validation function and reads its result in either form the spec allows
 * ("Validator compiler" 4): Ajv's boolean with `.errors`, or `{ value }` / `{ error }`.
 */
export function runValidator(
  fn: ValidatorFunction,
  data: unknown,
  dataVar: string,
  formatter: SchemaErrorFormatter,
): ValidationOutcome {
  let result: ValidationResult
  try {
    result = fn(data)
  } catch (thrown) {
    if (!isStackOverflow(thrown)) throw thrown
    return { error: nestedTooDeeply(dataVar, formatter), value: undefined, hasValue: false }
  }
  if (typeof (result as PromiseLike<unknown> | null)?.then === 'function') {
    return {
      ...passed,
      pending: settle(result as PromiseLike<unknown>, fn, data, dataVar, formatter),
    }
  }
  return readResult(result, fn, dataVar, formatter)
}

function isStackOverflow(thrown: unknown): boolean {
  return thrown instanceof RangeError && thrown.message.includes('call stack')
}

/**
 * A validator walks as deep as the data is nested, so a recursive schema and a body nested a
 * few thousand levels deep overflow the stack. That is the client's input, not a server fault:
 * the part is refused as invalid (400 FST_ERR_VALIDATION), and the engine's message stays in.
 */
function nestedTooDeeply(dataVar: string, formatter: SchemaErrorFormatter): Error {
  const error: SchemaValidationError = {
    keyword: 'nesting',
    instancePath: '',
    schemaPath: '#',
    params: {},
    message: 'must not be nested this deeply',
  }
  return validationError([error], dataVar, formatter)
}

function readResult(
  result: unknown,
  fn: ValidatorFunction,
  dataVar: string,
  formatter: SchemaErrorFormatter,
): ValidationOutcome {
  if (result === false) {
    // Another engine's messages are passed on as it wrote them (DESIGN.md "Divergences" 1
    // covers arbor's own Ajv only).
    const format =
      formatter === defaultSchemaErrorFormatter && !ownAjvValidators.has(fn)
        ? asWrittenFormatter
        : formatter
    return {
      error: validationError(fn.errors, dataVar, format),
      value: undefined,
      hasValue: false,
    }
  }
  if (typeof result === 'object' && result !== null) {
    if ('error' in result && result.error) {
      // `{ error }` comes from a custom engine: its words are kept
      const format = formatter === defaultSchemaErrorFormatter ? asWrittenFormatter : formatter
      return {
        error: validationError(result.error, dataVar, format),
        value: undefined,
        hasValue: false,
      }
    }
    if ('value' in result) return { error: null, value: result.value, hasValue: true }
  }
  return passed
}

/**
 * An `$async` schema (spec "Security rules for schemas" 2) makes Ajv's validator return a
 * promise that resolves to the data, or rejects. The rejection (Ajv's `validation failed`
 * ValidationError, or the error an async keyword threw) is passed on as it is, as in Fastify.
 */
function settle(
  promise: PromiseLike<unknown>,
  fn: ValidatorFunction,
  data: unknown,
  dataVar: string,
  formatter: SchemaErrorFormatter,
): Promise<ValidationOutcome> {
  return Promise.resolve(promise).then(
    (resolved) => (resolved === data ? passed : readResult(resolved, fn, dataVar, formatter)),
    (thrown: unknown) => ({
      error: validationError(thrown instanceof Error ? thrown : [thrown], dataVar, formatter),
      value: undefined,
      hasValue: false,
    }),
  )
}

/**
 * Builds the validation error of the spec: status 400 always (spec "Errors" 1), `validation`,
 * `validationContext`. An Error the validator reported itself (a custom engine's, an `$async`
 * rejection) keeps its message, its code and the `validationContext` it already carries.
 */
export function validationError(
  raw: unknown,
  dataVar: string,
  formatter: SchemaErrorFormatter,
): Error {
  type ValidationFailure = Error & {
    statusCode?: number
    code?: string
    validation?: unknown
    validationContext?: string
  }
  // The spec's "Validation error" table names the query string part `query`.
  const context = dataVar === 'querystring' ? 'query' : dataVar
  if (raw instanceof Error) {
    const error = raw as ValidationFailure
    error.statusCode = 400
    error.code = error.code || 'FST_ERR_VALIDATION'
    error.validationContext = error.validationContext || context
    if (error.validation === undefined) error.validation = raw
    return error
  }
  const list = (Array.isArray(raw) ? raw : [raw]) as SchemaValidationError[]
  const error = formatter(list, dataVar) as ValidationFailure
  error.statusCode = 400
  error.code = error.code || 'FST_ERR_VALIDATION'
  error.validation = raw
  error.validationContext = context
  return error
}

function formatErrors(errors: SchemaValidationError[], dataVar: string, reword: boolean): Error {
  let text = ''
  for (const e of errors) {
    const message = e.message ?? 'is invalid'
    text += `${dataVar}${e.instancePath ?? ''} ${reword ? message.replace(/^must\b/, 'should') : message}, `
  }
  return new errorCodes.FST_ERR_VALIDATION(text.slice(0, -2))
}

/**
 * arbor's default formatter: Ajv's messages in the spec's wording,
 * e.g. `body should have required property 'name'` (DESIGN.md "Divergences" 1).
 */
export const defaultSchemaErrorFormatter: SchemaErrorFormatter = (errors, dataVar) =>
  formatErrors(errors, dataVar, true)

/** The default formatter's shape, with another engine's messages as that engine wrote them. */
const asWrittenFormatter: SchemaErrorFormatter = (errors, dataVar) =>
  formatErrors(errors, dataVar, false)
