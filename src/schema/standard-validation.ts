// What a Standard Schema route part becomes when a route is built: a validator in the `{ value }`
// / `{ error }` style arbor's pipeline already reads (runValidator), and, for a response schema
// without a JSON Schema, a serializer that checks the payload against it.
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { errorCodes } from '../errors.ts'
import type {
  HttpPart,
  SchemaValidationError,
  SerializerFunction,
  ValidationResult,
  ValidatorFunction,
} from '../types/schema.ts'

type Result = StandardSchemaV1.Result<unknown>

function isThenable(value: unknown): value is PromiseLike<Result> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function'
}

/**
 * The validator of one request part: the library's `validate`, so its coercions, defaults,
 * transforms and refinements apply and the handler gets its output; an asynchronous schema
 * answers with a promise, which the pipeline waits for. Headers keep the ones the schema does
 * not name, as Fastify merges a validated headers value over the request's.
 */
export function standardValidator(schema: StandardSchemaV1, part: HttpPart): ValidatorFunction {
  const props = schema['~standard']
  if (part === 'headers') {
    return (data) => {
      const result = props.validate(data)
      return isThenable(result)
        ? Promise.resolve(result).then((r) => mergedHeaders(r, data))
        : mergedHeaders(result, data)
    }
  }
  return (data) => {
    const result = props.validate(data)
    return isThenable(result) ? Promise.resolve(result).then(outcome) : outcome(result)
  }
}

function outcome(result: Result): ValidationResult {
  if (result.issues !== undefined) return { error: ajvShapedErrors(result.issues) }
  return { value: result.value }
}

function mergedHeaders(result: Result, data: unknown): ValidationResult {
  if (result.issues !== undefined) return { error: ajvShapedErrors(result.issues) }
  const value = result.value
  if (typeof value !== 'object' || value === null) return { value }
  return { value: { ...(data as object), ...value } }
}

/**
 * A library's issues in Ajv's error shape, so `schemaErrorFormatter`, error handlers and
 * localisers that read `instancePath` and `message` work as they do with Ajv. The issue itself
 * stays in `params.issue`.
 */
export function ajvShapedErrors(
  issues: ReadonlyArray<StandardSchemaV1.Issue>,
): SchemaValidationError[] {
  const out: SchemaValidationError[] = []
  for (const issue of issues) {
    const code = (issue as { code?: unknown }).code
    out.push({
      keyword: typeof code === 'string' ? code : 'standardSchema',
      instancePath: pointerOf(issue.path),
      schemaPath: '#',
      params: { issue },
      message: issue.message,
    })
  }
  return out
}

/** An issue's path as a JSON Pointer (RFC 6901), Ajv's `instancePath`. */
function pointerOf(path: StandardSchemaV1.Issue['path']): string {
  if (path === undefined) return ''
  let pointer = ''
  for (const segment of path) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment
    pointer += `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`
  }
  return pointer
}

/**
 * The serializer of a response Standard Schema that gives no JSON Schema (valibot, a zod schema
 * with a transform): the payload is validated, and the library's output (unknown keys dropped
 * by its own rules) is sent with JSON.stringify. A payload that fails is a server fault (500).
 */
export function standardSerializer(
  schema: StandardSchemaV1,
  httpStatus: string,
): SerializerFunction {
  const props = schema['~standard']
  return (payload) => {
    const result = props.validate(payload)
    if (isThenable(result)) {
      Promise.resolve(result).catch(() => {})
      throw new errorCodes.FST_ERR_SCH_RESPONSE_VALIDATION(
        httpStatus,
        'the schema validates asynchronously, which a response schema may not',
      )
    }
    if (result.issues !== undefined) {
      const errors = ajvShapedErrors(result.issues)
      const text = errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join(', ')
      throw new errorCodes.FST_ERR_SCH_RESPONSE_VALIDATION(httpStatus, text)
    }
    return JSON.stringify(result.value)
  }
}
