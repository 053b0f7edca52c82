import type { Ajv, Options as AjvOptions } from 'ajv'
import fastUri from 'fast-uri'
import { requireLazily } from '../config/lazy-require.ts'
import type { AjvFactoryOptions } from '../config/options.ts'
import { errorCodes } from '../errors.ts'
import type {
  HttpPart,
  JSONSchema,
  SchemaErrorFormatter,
  SchemaValidationError,
  ValidatorCompiler,
  ValidatorFunction,
} from '../types/schema.ts'
import { deferringCompiler, lazyValidator } from './lazy.ts'
import { ajvVouches, SharedSchemas } from './vouch.ts'

/** The spec's baseline Ajv configuration ("Validator compiler" 1). */
export const baselineAjvOptions: AjvOptions = Object.freeze({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  uriResolver: fastUri,
  addUsedSchema: false,
  // Explicitly false: allErrors: true lets a crafted input make validation very slow.
  allErrors: false,
  // Ajv's optimizing pass over the generated code takes ~40% of a compile and gives no
  // measurable speed to the validators of route schemas.
  code: { optimize: false },
})

type AjvPlugin = (ajv: Ajv, options?: unknown) => unknown

/** Builds the default (Ajv 8) validator compiler over a set of shared schemas. */
export function createAjvCompiler(
  shared: Map<string, JSONSchema>,
  options: AjvFactoryOptions,
): ValidatorCompiler {
  const { Ajv } = requireLazily('ajv') as typeof import('ajv')
  const addFormats = requireLazily('ajv-formats') as AjvPlugin
  const ajv = new Ajv({ ...baselineAjvOptions, ...(options.customOptions as AjvOptions) })
  let addFormatPlugin = true
  for (const entry of options.plugins ?? []) {
    const [plugin, pluginOptions] = Array.isArray(entry) ? entry : [entry, undefined]
    if ((plugin as Function).name === 'formatsPlugin') addFormatPlugin = false
    ;(plugin as AjvPlugin)(ajv, pluginOptions)
  }
  if (addFormatPlugin) addFormats(ajv)
  for (const schema of shared.values()) ajv.addSchema(schema)
  const compile: ValidatorCompiler = ({ schema }) => {
    const id = schema.$id
    if (typeof id === 'string') {
      const known = ajv.getSchema(id)
      if (known) return known as unknown as ValidatorFunction
    }
    return ajv.compile(schema) as unknown as ValidatorFunction
  }
  const index = new SharedSchemas(shared.values())
  return deferringCompiler(
    compile,
    // a route schema with an $id may be a shared one: looked up at ready, as before
    (schema) => typeof schema.$id !== 'string' && ajvVouches(ajv, schema, index),
    lazyValidator,
    (input, err) =>
      new errorCodes.FST_ERR_SCH_VALIDATION_BUILD(input.method, input.url, err.message),
  )
}

/** The route-schema keys of the request parts, in the order they are validated. */
export const requestParts: ReadonlyArray<
  [HttpPart, 'params' | 'body' | 'querystring' | 'headers', string]
> = [
  ['params', 'params', 'params'],
  ['body', 'body', 'body'],
  ['querystring', 'querystring', 'querystring'],
  ['headers', 'headers', 'headers'],
]

/**
 * Request-part schemas may be written as a shorthand, listing the properties at the top level
 * (spec "Route schema object"); this turns them into a complete object schema.
 */
export function normalizePartSchema(schema: JSONSchema, part: HttpPart): JSONSchema {
  let out = schema
  const composite = ['$ref', 'oneOf', 'allOf', 'anyOf', '$merge', '$patch', 'not', 'if']
  if (out.type === undefined && out.properties === undefined && !composite.some((k) => k in out)) {
    out = { type: 'object', properties: out }
  }
  if (part === 'headers' && typeof out.properties === 'object' && out.properties !== null) {
    // Node lower-cases incoming header names, so the schema's names must be lower-case too.
    const properties: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(out.properties))
      properties[name.toLowerCase()] = value
    const required = Array.isArray(out.required)
      ? (out.required as string[]).map((n) => n.toLowerCase())
      : out.required
    out = { ...out, properties, ...(required !== undefined ? { required } : {}) }
  }
  return out
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
  const result = fn(data)
  if (typeof (result as PromiseLike<unknown> | null)?.then === 'function') {
    return {
      ...passed,
      pending: settle(result as PromiseLike<unknown>, fn, data, dataVar, formatter),
    }
  }
  return readResult(result, fn, dataVar, formatter)
}

function readResult(
  result: unknown,
  fn: ValidatorFunction,
  dataVar: string,
  formatter: SchemaErrorFormatter,
): ValidationOutcome {
  if (result === false) {
    return {
      error: validationError(fn.errors, dataVar, formatter),
      value: undefined,
      hasValue: false,
    }
  }
  if (typeof result === 'object' && result !== null) {
    if ('error' in result && result.error) {
      return {
        error: validationError(result.error, dataVar, formatter),
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
 * promise that resolves to the data, or rejects with a ValidationError whose `errors` are
 * formatted like any other validation failure.
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
    (thrown: unknown) => {
      const errors = (thrown as { errors?: unknown } | null)?.errors
      const raw = Array.isArray(errors) ? errors : thrown
      return { error: validationError(raw, dataVar, formatter), value: undefined, hasValue: false }
    },
  )
}

/** Builds the validation error of the spec: status 400, `validation`, `validationContext`. */
export function validationError(
  raw: unknown,
  dataVar: string,
  formatter: SchemaErrorFormatter,
): Error {
  let error: Error & {
    statusCode?: number
    code?: string
    validation?: unknown
    validationContext?: string
  }
  if (raw instanceof Error && !Array.isArray(raw)) {
    error = raw
  } else {
    const list = (Array.isArray(raw) ? raw : [raw]) as SchemaValidationError[]
    error = formatter(list, dataVar)
  }
  error.statusCode = 400
  error.code = error.code ?? 'FST_ERR_VALIDATION'
  error.validation = raw
  // The spec's "Validation error" table names the query string part `query`.
  error.validationContext = dataVar === 'querystring' ? 'query' : dataVar
  return error
}

/**
 * arbor's default formatter: Ajv's messages in the spec's wording,
 * e.g. `body should have required property 'name'` (DESIGN.md "Divergences" 1).
 */
export const defaultSchemaErrorFormatter: SchemaErrorFormatter = (errors, dataVar) => {
  let text = ''
  for (const e of errors) {
    const message = (e.message ?? 'is invalid').replace(/^must\b/, 'should')
    text += `${dataVar}${e.instancePath ?? ''} ${message}, `
  }
  return new errorCodes.FST_ERR_VALIDATION(text.slice(0, -2))
}
