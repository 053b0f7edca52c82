import { errorCodes } from '../errors.ts'
import type { InitialConfig } from '../types/server.ts'
import { configSchema } from './config-schema.ts'
import { validate as generatedValidator } from './config-validator.generated.ts'

/** The option names of the configuration schema. */
export const configKeys: ReadonlySet<string> = new Set(Object.keys(configSchema.properties))

/** The config schema's validator, compiled ahead of time (scripts/build-config-validator.ts). */
interface ConfigValidator {
  (data: unknown): boolean
  errors?: Array<{ message?: string }> | null
}

const check = generatedValidator as unknown as ConfigValidator

/**
 * Validates the schema's options (a copy of them: the caller's object is never changed) and
 * returns them coerced, defaulted and deep-frozen; a wrong type throws FST_ERR_INIT_OPTS_INVALID.
 */
export function validateConfig(values: Record<string, unknown>): InitialConfig {
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(values)) {
    if (configKeys.has(key) && values[key] !== undefined) copy[key] = cloneData(values[key])
  }
  if (!check(copy)) {
    const errors = check.errors ?? []
    const error = new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      JSON.stringify(errors.map((e) => e.message)),
    )
    ;(error as unknown as { errors: unknown }).errors = errors
    throw error
  }
  return deepFreeze(copy) as unknown as InitialConfig
}

// Plain data is copied; functions and class instances (streams, loggers) are kept as they are.
function cloneData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneData)
  if (isPlainData(value)) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value))
      out[key] = cloneData((value as Record<string, unknown>)[key])
    return out
  }
  return value
}

// Only the copies are frozen: objects kept by reference belong to the caller.
function deepFreeze(value: object): object {
  for (const name of Object.getOwnPropertyNames(value)) {
    const inner = (value as Record<string, unknown>)[name]
    if (isPlainData(inner)) deepFreeze(inner)
  }
  return Object.freeze(value)
}

function isPlainData(value: unknown): value is object {
  if (Array.isArray(value)) return true
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
