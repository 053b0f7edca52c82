import { errorCodes } from '../errors.ts'
import type { HttpPart, JSONSchema, RouteSchema } from '../types/schema.ts'
import { bodySchemasByMediaType } from './body-content.ts'
import { fromFluent } from './fluent.ts'
import { isStandardSchema } from './standard-schema.ts'

/**
 * A schema of another library (a Joi or yup object, a class instance) is handed to the
 * compilers untouched: only plain objects are JSON Schemas arbor may rewrite.
 */
export function hasCustomPrototype(schema: unknown): boolean {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    Object.getPrototypeOf(schema) !== Object.prototype
  )
}

// Keywords that make a schema complete on their own, so it is never read as a shorthand.
const composite = ['$ref', 'oneOf', 'allOf', 'anyOf', '$merge', '$patch', 'not', 'if']

/**
 * A shorthand lists the properties at the top level, without `type` and `properties`
 * (spec "Route schema object"); this turns it into a complete object schema. A schema that
 * is already complete comes back as the same object.
 */
export function expandShorthand(schema: JSONSchema, jsonShorthand: boolean): JSONSchema {
  if (!jsonShorthand || hasCustomPrototype(schema)) return schema
  if (schema.type || schema.properties || composite.some((k) => k in schema)) return schema
  return { type: 'object', properties: schema }
}

/** Header names arrive lower-cased from Node, so the default engine's schema must be too. */
export function lowerCaseHeaderNames(schema: JSONSchema): JSONSchema {
  if (hasCustomPrototype(schema)) return schema
  const props = schema.properties
  const required = schema.required
  if ((typeof props !== 'object' || props === null) && !Array.isArray(required)) return schema
  const out: JSONSchema = { ...schema }
  if (typeof props === 'object' && props !== null) {
    const lowered: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(props)) lowered[name.toLowerCase()] = value
    out.properties = lowered
  }
  if (Array.isArray(required)) out.required = required.map((n) => String(n).toLowerCase())
  return out
}

/**
 * One request part's schema; a body with a `content` map gives one row per media type, each
 * with its media type as written.
 */
export type PartSchema = [part: HttpPart, schema: JSONSchema, mediaType?: string]

/** The part schemas of a route, read from its `schema` option, in validation order. */
export function partSchemas(schema: RouteSchema, jsonShorthand: boolean): PartSchema[] {
  const out: PartSchema[] = []
  const parts: Array<[HttpPart, unknown]> = [
    ['params', schema.params],
    ['body', schema.body],
    ['querystring', schema.querystring ?? schema.query],
    ['headers', schema.headers],
  ]
  for (const [part, raw] of parts) {
    if (raw === undefined || raw === null) continue
    const byType = part === 'body' ? bodySchemasByMediaType(raw) : null
    if (byType !== null) {
      for (const [type, typed] of byType) out.push([part, typed, type])
    } else if (isStandardSchema(raw)) {
      // a Standard Schema (zod, valibot, arktype) is never a shorthand, whatever members it has
      out.push([part, raw as unknown as JSONSchema])
    } else {
      out.push([part, expandShorthand(fromFluent(raw as JSONSchema), jsonShorthand)])
    }
  }
  return out
}

/** One entry of `schema.response`: a schema, or one schema per media type. */
export type ResponseEntry =
  | { schema: JSONSchema }
  | { byType: Array<[contentType: string, schema: JSONSchema]> }

/**
 * Reads `schema.response` as Fastify's normalizeSchema does: a status entry whose `content`
 * maps media types to `{ schema }` is one schema per media type; a `content` with a single
 * key and no `.schema` is an ordinary property named "content" (a shorthand); a media type
 * without schema beside others is an error.
 */
export function responseEntries(
  response: Record<string, unknown>,
  jsonShorthand: boolean,
): Array<[status: string, ResponseEntry]> {
  const out: Array<[string, ResponseEntry]> = []
  for (const [status, rawEntry] of Object.entries(response)) {
    const entry = fromFluent(rawEntry)
    if (typeof entry !== 'object' || entry === null) continue
    if (isStandardSchema(entry) || hasCustomPrototype(entry)) {
      out.push([status, { schema: entry as JSONSchema }])
      continue
    }
    const byType = mediaTypeSchemas((entry as { content?: unknown }).content, jsonShorthand)
    if (byType !== null) out.push([status, { byType }])
    else out.push([status, { schema: expandShorthand(entry as JSONSchema, jsonShorthand) }])
  }
  return out
}

function mediaTypeSchemas(
  content: unknown,
  jsonShorthand: boolean,
): Array<[string, JSONSchema]> | null {
  if (typeof content !== 'object' || content === null) return null
  const types = Object.keys(content)
  if (types.length === 0) return null
  const out: Array<[string, JSONSchema]> = []
  for (const type of types) {
    const media = (content as Record<string, unknown>)[type]
    const schema =
      typeof media === 'object' && media !== null
        ? (media as { schema?: unknown }).schema
        : undefined
    if (!schema) {
      if (types.length === 1) return null
      throw new errorCodes.FST_ERR_SCH_CONTENT_MISSING_SCHEMA(type)
    }
    out.push([type, expandShorthand(fromFluent(schema as JSONSchema), jsonShorthand)])
  }
  return out
}
