import type fastJsonType from 'fast-json-stringify'
import { requireLazily } from '../config/lazy-require.ts'
import { errorCodes } from '../errors.ts'
import type { JSONSchema, SerializerCompiler, SerializerFunction } from '../types/schema.ts'
import { deferringCompiler, lazySerializer } from './lazy.ts'
import { fjsVouches, SharedSchemas } from './vouch.ts'

/** Builds the default (fast-json-stringify) serializer compiler over a set of shared schemas. */
export function createFastJsonCompiler(shared: Map<string, JSONSchema>): SerializerCompiler {
  const fastJson = requireLazily('fast-json-stringify') as typeof fastJsonType
  type FjsSchema = Parameters<typeof fastJson>[0]
  const external = Object.fromEntries(shared) as unknown as Record<string, FjsSchema>
  const compile: SerializerCompiler = ({ schema }) =>
    fastJson(schema as unknown as FjsSchema, { schema: external }) as SerializerFunction
  // fast-json-stringify gives each serializer an Ajv of its own, used only for anyOf, oneOf
  // and if/then/else, which fjsVouches refuses: for the schemas it vouches for, that Ajv
  // goes without the draft-07 meta-schema, which is most of its cost.
  const bare = { schema: external, ajv: { meta: false } }
  const compileVouched: SerializerCompiler = ({ schema }) =>
    fastJson(schema as unknown as FjsSchema, bare) as SerializerFunction
  const index = new SharedSchemas(shared.values())
  return deferringCompiler(
    compile,
    (schema) => fjsVouches(schema, index),
    lazySerializer,
    (input, err) =>
      new errorCodes.FST_ERR_SCH_SERIALIZATION_BUILD(input.method, input.url, err.message),
    compileVouched,
  )
}

/** The serializers of one route: by status key, each either one function or one per media type. */
export interface ResponseSerializers {
  byStatus: Map<string, SerializerFunction>
  byStatusAndType: Map<string, Map<string, SerializerFunction>>
}

const statusKey = /^([1-5]\d\d|[1-5]xx|default)$/i

/** Compiles every entry of `schema.response` once, when the route is built. */
export function compileResponseSchemas(
  response: Record<string, unknown>,
  compile: SerializerCompiler,
  method: string,
  url: string,
): ResponseSerializers {
  const out: ResponseSerializers = { byStatus: new Map(), byStatusAndType: new Map() }
  for (const [rawKey, entry] of Object.entries(response)) {
    const key = rawKey.toLowerCase()
    if (!statusKey.test(key)) throw new errorCodes.FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX()
    if (typeof entry !== 'object' || entry === null) continue
    const content = (entry as { content?: unknown }).content
    if (typeof content === 'object' && content !== null) {
      const byType = new Map<string, SerializerFunction>()
      for (const [contentType, media] of Object.entries(content)) {
        const schema = (media as { schema?: JSONSchema }).schema
        if (schema === undefined)
          throw new errorCodes.FST_ERR_SCH_CONTENT_MISSING_SCHEMA(contentType)
        byType.set(contentType.toLowerCase(), build(compile, schema, method, url, key, contentType))
      }
      out.byStatusAndType.set(key, byType)
    } else {
      const { description: _description, ...schema } = entry as JSONSchema
      out.byStatus.set(key, build(compile, schema, method, url, key))
    }
  }
  return out
}

function build(
  compile: SerializerCompiler,
  schema: JSONSchema,
  method: string,
  url: string,
  httpStatus: string,
  contentType?: string,
): SerializerFunction {
  try {
    return compile({ schema, method, url, httpStatus, contentType })
  } catch (err) {
    throw new errorCodes.FST_ERR_SCH_SERIALIZATION_BUILD(method, url, (err as Error).message)
  }
}

/** The serializer for a status: exact code, then its class (`2xx`), then `default`. */
export function selectSerializer(
  serializers: ResponseSerializers,
  statusCode: number,
  contentType: string | undefined,
): SerializerFunction | undefined {
  const exact = String(statusCode)
  const keys = [exact, `${exact[0]}xx`, 'default']
  for (const key of keys) {
    const fn = serializers.byStatus.get(key)
    if (fn !== undefined) return fn
    const byType = serializers.byStatusAndType.get(key)
    if (byType !== undefined) {
      const media =
        contentType === undefined
          ? 'application/json'
          : contentType.split(';')[0]!.trim().toLowerCase()
      const typed = byType.get(media) ?? byType.get('*/*')
      if (typed !== undefined) return typed
    }
  }
  return undefined
}
