import { Ajv, type Options as AjvOptions } from 'ajv'
import addFormats from 'ajv-formats'
import fastUri from 'fast-uri'
import type { AjvFactoryOptions } from '../config/options.ts'
import { errorCodes } from '../errors.ts'
import type {
  HttpPart,
  JSONSchema,
  SchemaErrorFormatter,
  SchemaValidationError,
  ValidationResult,
  ValidatorCompiler,
  ValidatorFunction,
} from '../types/schema.ts'
import { refuseNonFiniteNumbers } from './finite-numbers.ts'

/** The spec's baseline Ajv configuration ("Validator compiler" 1). */
export const baselineAjvOptions: AjvOptions = Object.freeze({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  uriResolver: fastUri,
  addUsedSchema: false,
  // Explicitly false: allErrors: true lets a crafted input make validation very slow.
  allErrors: false,
})

type AjvPlugin = (ajv: Ajv, options?: unknown) => unknown

/** Builds the default (Ajv 8) validator compiler over a set of shared schemas. */
export function createAjvCompiler(
  shared: Map<string, JSONSchema>,
  options: AjvFactoryOptions,
): ValidatorCompiler {
  const ajv = new Ajv({ ...baselineAjvOptions, ...(options.customOptions as AjvOptions) })
  refuseNonFiniteNumbers(ajv)
  let addFormatPlugin = true
  for (const entry of options.plugins ?? []) {
    const [plugin, pluginOptions] = Array.isArray(entry) ? entry : [entry, undefined]
    if ((plugin as Function).name === 'formatsPlugin') addFormatPlugin = false
    ;(plugin as AjvPlugin)(ajv, pluginOptions)
  }
  if (addFormatPlugin) (addFormats as unknown as AjvPlugin)(ajv)
  for (const schema of shared.values()) ajv.addSchema(schema)
  return ({ schema }) => {
    const id = schema.$id
    if (typeof id === 'string') {
      const known = ajv.getSchema(id)
      if (known) return known as unknown as ValidatorFunction
    }
    return ajv.compile(schema) as unknown as ValidatorFunction
  }
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
