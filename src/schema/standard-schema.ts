// Standard Schema v1 objects (zod 4, valibot 1, arktype 2, ...) as route schemas: how one is
// recognised, and its JSON Schema when the library implements Standard JSON Schema. The
// validators and serializers made from them are in standard-validation.ts.
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'
import type { JSONSchema, RouteSchema } from '../types/schema.ts'

/** Whether a route schema part is a Standard Schema (it has a `~standard` member, spec v1). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false
  const props = (value as { '~standard'?: unknown })['~standard']
  return (
    typeof props === 'object' &&
    props !== null &&
    typeof (props as { validate?: unknown }).validate === 'function'
  )
}

// The Standard Schema a converted JSON Schema was made from. Not enumerable, so a spread, a
// clone (@fastify/swagger's) or JSON output never carries it: only arbor's build reads it.
const source = Symbol('arbor.standardSchema')

/** The Standard Schema of a request part: the part itself, or the one it was converted from. */
export function standardSchemaOf(part: unknown): StandardSchemaV1 | undefined {
  if (isStandardSchema(part)) return part
  if (typeof part !== 'object' || part === null) return undefined
  return (part as { [source]?: StandardSchemaV1 })[source]
}

/**
 * The draft-07 JSON Schema of a Standard Schema that implements Standard JSON Schema (zod 4.2+,
 * arktype 2), for its `input` (what a client sends) or `output` (what a response holds); null
 * when the library has no converter or refuses this schema (a transform it cannot express).
 */
export function jsonSchemaOf(schema: StandardSchemaV1, io: 'input' | 'output'): JSONSchema | null {
  const props = schema['~standard'] as Partial<StandardJSONSchemaV1.Props>
  const converter = props.jsonSchema
  if (typeof converter?.[io] !== 'function') return null
  let converted: Record<string, unknown>
  try {
    converted = converter[io]({ target: 'draft-07' })
  } catch {
    return null
  }
  if (typeof converted !== 'object' || converted === null) return null
  // `$schema` names the dialect for a standalone document; inside a route it only gets in the
  // way of OpenAPI output, and Ajv or fast-json-stringify never needs it.
  const { $schema: _dialect, ...json } = converted
  return json
}

/** Whether the route's schema has a Standard Schema among its request parts or responses. */
function hasStandardSchema(schema: RouteSchema): boolean {
  const { body, querystring, params, headers, response } = schema
  if ([body, querystring, params, headers].some(isStandardSchema)) return true
  if (typeof response !== 'object' || response === null) return false
  return Object.values(response).some(isStandardSchema)
}

/**
 * The route's schema as onRoute hooks and @fastify/swagger see it: each Standard Schema that
 * converts is replaced by its JSON Schema (request parts by their input, responses by their
 * output); a request part keeps its Standard Schema behind the JSON Schema, and is validated by
 * it. Called when the route is added, and only for the sides whose compiler is arbor's own: a
 * user's compiler (a Fastify type provider's) gets the schemas as written. A schema without a
 * Standard Schema comes back as the same object.
 */
export function withConvertedStandardSchemas(
  schema: RouteSchema,
  sides: { request: boolean; response: boolean },
): RouteSchema {
  if (!hasStandardSchema(schema)) return schema
  const out: RouteSchema = { ...schema }
  if (sides.request) {
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
      const value = out[part]
      if (!isStandardSchema(value)) continue
      const json = jsonSchemaOf(value, 'input')
      if (json === null) continue
      Object.defineProperty(json, source, { value, enumerable: false })
      out[part] = json
      if (part === 'querystring' && schema.query === value) out.query = json
    }
  }
  const response = schema.response
  if (sides.response && typeof response === 'object' && response !== null) {
    const converted: Record<string, object> = { ...response }
    for (const [status, value] of Object.entries(response)) {
      if (!isStandardSchema(value)) continue
      converted[status] = jsonSchemaOf(value, 'output') ?? value
    }
    out.response = converted
  }
  return out
}
