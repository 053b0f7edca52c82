// `schema.body.content`: one body schema per media type, as Fastify 5 (and 4.29, by backport)
// reads it. Fastify 4.25 read such a `content` as a shorthand property; arbor keeps the spec's
// shorthand for a `content` that is not a media-type map, so `{ title: {...}, content: { type:
// 'string' } }` is still an object schema with a property named "content".
import { errorCodes } from '../errors.ts'
import type { JSONSchema } from '../types/schema.ts'
import { fromFluent } from './fluent.ts'

/**
 * The body schemas of a `content` map, in its order: `[mediaType, schema]`. Null when the body
 * has no `content`, or one whose keys are not all media types (`type/subtype`): then `content`
 * is an ordinary property of a shorthand. An entry without `schema` is an error, as in Fastify.
 * The schemas are compiled as written (no shorthand), as every Fastify with this feature does.
 */
export function bodySchemasByMediaType(body: unknown): Array<[string, JSONSchema]> | null {
  if (
    typeof body !== 'object' ||
    body === null ||
    Object.getPrototypeOf(body) !== Object.prototype
  ) {
    return null
  }
  const content = (body as { content?: unknown }).content
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return null
  const types = Object.keys(content)
  if (types.length === 0 || !types.every((type) => type.includes('/'))) return null
  return types.map((type) => {
    const entry = (content as Record<string, unknown>)[type]
    const schema =
      typeof entry === 'object' && entry !== null
        ? (entry as { schema?: unknown }).schema
        : undefined
    if (!schema) throw new errorCodes.FST_ERR_SCH_CONTENT_MISSING_SCHEMA(type)
    return [type, fromFluent(schema as JSONSchema)]
  })
}
