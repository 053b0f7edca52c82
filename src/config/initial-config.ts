import { Ajv, type ValidateFunction } from 'ajv'
import { errorCodes } from '../errors.ts'
import type { InitialConfig } from '../types/server.ts'

/**
 * Fastify 4.25's configuration schema: the options it checks, coerces and defaults, and the
 * only ones `instance.initialConfig` shows (functions, loggers and certificates never do).
 * Ajv runs it as Fastify's build does (coercion, defaults, unknown keys dropped), so a wrong
 * type gets Fastify's own message: `Invalid initialization options: '["must be boolean"]'`.
 */
const configSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    connectionTimeout: { type: 'integer', default: 0 },
    keepAliveTimeout: { type: 'integer', default: 72000 },
    forceCloseConnections: { oneOf: [{ type: 'string', pattern: 'idle' }, { type: 'boolean' }] },
    maxRequestsPerSocket: { type: 'integer', default: 0, nullable: true },
    requestTimeout: { type: 'integer', default: 0 },
    bodyLimit: { type: 'integer', default: 1048576 },
    caseSensitive: { type: 'boolean', default: true },
    allowUnsafeRegex: { type: 'boolean', default: false },
    http2: { type: 'boolean' },
    // An https object is shown as `true` (its key and cert stay hidden), or `{ allowHTTP1 }`.
    https: {
      if: {
        not: {
          oneOf: [
            { type: 'boolean' },
            { type: 'null' },
            {
              type: 'object',
              additionalProperties: false,
              required: ['allowHTTP1'],
              properties: { allowHTTP1: { type: 'boolean' } },
            },
          ],
        },
      },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise
      then: { setDefaultValue: true },
    },
    ignoreTrailingSlash: { type: 'boolean', default: false },
    ignoreDuplicateSlashes: { type: 'boolean', default: false },
    disableRequestLogging: { type: 'boolean', default: false },
    jsonShorthand: { type: 'boolean', default: true },
    maxParamLength: { type: 'integer', default: 100 },
    onProtoPoisoning: { type: 'string', default: 'error' },
    onConstructorPoisoning: { type: 'string', default: 'error' },
    pluginTimeout: { type: 'integer', default: 10000 },
    requestIdHeader: { anyOf: [{ enum: [false] }, { type: 'string' }], default: 'request-id' },
    requestIdLogLabel: { type: 'string', default: 'reqId' },
    http2SessionTimeout: { type: 'integer', default: 72000 },
    exposeHeadRoutes: { type: 'boolean', default: true },
    versioning: {
      type: 'object',
      additionalProperties: true,
      required: ['storage', 'deriveVersion'],
      properties: { storage: {}, deriveVersion: {} },
    },
    constraints: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['name', 'storage', 'validate', 'deriveConstraint'],
        additionalProperties: true,
        properties: { name: { type: 'string' }, storage: {}, validate: {}, deriveConstraint: {} },
      },
    },
  },
} as const

/** The option names of the configuration schema. */
export const configKeys: ReadonlySet<string> = new Set(Object.keys(configSchema.properties))

// Compiled on the first arbor() call, once per process.
let validate: ValidateFunction | undefined

function validator(): ValidateFunction {
  if (validate !== undefined) return validate
  const ajv = new Ajv({
    removeAdditional: true,
    useDefaults: true,
    coerceTypes: true,
    allErrors: false,
    strict: false,
    // The schema is arbor's own: checking it against the meta-schema (which compiles the
    // meta-schema first) and Ajv's optimizing pass cost ~28 ms of every process's first arbor().
    validateSchema: false,
    code: { optimize: false },
  })
  ajv.addKeyword({
    keyword: 'setDefaultValue',
    modifying: true,
    errors: false,
    validate(value: unknown, _data: unknown, _schema: unknown, ctx?: DataContext) {
      if (ctx !== undefined) ctx.parentData[ctx.parentDataProperty] = value
      return true
    },
  })
  validate = ajv.compile(configSchema)
  return validate
}

interface DataContext {
  parentData: Record<string | number, unknown>
  parentDataProperty: string | number
}

/**
 * Validates the schema's options (a copy of them: the caller's object is never changed) and
 * returns them coerced, defaulted and deep-frozen; a wrong type throws FST_ERR_INIT_OPTS_INVALID.
 */
export function validateConfig(values: Record<string, unknown>): InitialConfig {
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(values)) {
    if (configKeys.has(key) && values[key] !== undefined) copy[key] = cloneData(values[key])
  }
  const check = validator()
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
