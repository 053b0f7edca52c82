import type { JSONSchema, ValidationResult, ValidatorFunction } from '../types/schema.ts'
import { whenCompiled } from './lazy.ts'
import { isOwnAjvValidator, wordedAsOwnAjv } from './validation.ts'

// Ajv coerces a value in place through its parent: a whole body that is a primitive
// (`"10"` for `type: 'integer'`) has no parent, so its coerced value (10) is lost unless Ajv is
// handed one. Fastify 5 hands it the request; Fastify 4.25 did not, and the body stayed the
// string. The line table's `assignCoercedRoot` row decides, per route, when it is built.

type AjvDataContext = { instancePath: string; parentData: object; parentDataProperty: string }

/**
 * The validator of a request part whose whole value Ajv may coerce, made to report the coerced
 * value as `{ value }`, which the pipeline assigns to the part. Other validators (an object
 * schema, whose root Ajv never replaces, or another engine's) are returned as they are, so
 * most routes pay nothing.
 */
export function assigningCoercedRoot(fn: ValidatorFunction, schema: JSONSchema): ValidatorFunction {
  if (!mayCoerceRoot(schema) || !isAjvValidator(fn)) return fn
  let inner = fn as ValidatorFunction &
    ((data: unknown, context: AjvDataContext) => ValidationResult)
  // a stand-in compiled on first use (compileSchemas 'lazy') is skipped once compiled
  whenCompiled(fn, (compiled) => {
    inner = compiled as typeof inner
  })
  // Validation is synchronous, so one parent per route serves every request.
  const parent = { value: undefined as unknown }
  const context: AjvDataContext = {
    instancePath: '',
    parentData: parent,
    parentDataProperty: 'value',
  }
  const wrapper: ValidatorFunction = (data) => {
    parent.value = data
    const result = inner(data, context)
    wrapper.errors = inner.errors
    const value = parent.value
    parent.value = undefined
    return result === true && value !== data ? { value } : result
  }
  if (isOwnAjvValidator(fn)) wordedAsOwnAjv(wrapper)
  return wrapper
}

/** Only a schema with a `type` other than `object` can have its root value coerced. */
function mayCoerceRoot(schema: JSONSchema): boolean {
  const type = (schema as { type?: unknown }).type
  return type !== undefined && type !== 'object'
}

/** arbor's Ajv, or an Ajv the application supplied (its functions carry `schemaEnv`). */
function isAjvValidator(fn: ValidatorFunction): boolean {
  return isOwnAjvValidator(fn) || typeof (fn as { schemaEnv?: unknown }).schemaEnv === 'object'
}
