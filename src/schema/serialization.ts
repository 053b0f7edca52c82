import type fastJsonType from 'fast-json-stringify'
import { requireLazily } from '../config/lazy-require.ts'
import { errorCodes } from '../errors.ts'
import type { JSONSchema, SerializerCompiler, SerializerFunction } from '../types/schema.ts'
import { deferringCompiler, lazySerializer, WARM_COMPILES } from './lazy.ts'
import type { ResponseEntry } from './normalize.ts'
import { fjsVouches, SharedSchemas } from './vouch.ts'

/** Builds the default (fast-json-stringify) serializer compiler over a set of shared schemas. */
export function createFastJsonCompiler(
  shared: Record<string, JSONSchema>,
  serializerOpts?: Record<string, unknown>,
): SerializerCompiler {
  const fastJson = requireLazily('fast-json-stringify') as typeof fastJsonType
  type FjsSchema = Parameters<typeof fastJson>[0]
  type FjsOptions = NonNullable<Parameters<typeof fastJson>[1]>
  // `serializerOpts` go to fast-json-stringify as they are (rounding, ajv, ...), as in Fastify.
  const options = { ...serializerOpts, schema: shared } as unknown as FjsOptions
  const compile: SerializerCompiler = ({ schema }) =>
    fastJson(schema as unknown as FjsSchema, options) as SerializerFunction
  // Options fast-json-stringify refuses (a bad `rounding`, ...) must fail at ready, as they do
  // with every schema compiled there: with any, nothing is vouched for until a build passes.
  let optionsOk: boolean | undefined = serializerOpts === undefined ? true : undefined
  const index = new SharedSchemas(Object.values(shared))
  return deferringCompiler(
    compile,
    (schema) => {
      optionsOk ??= builds(() => fastJson({ type: 'null' }, options))
      return optionsOk && fjsVouches(schema, index)
    },
    lazySerializer,
    (input, err) =>
      new errorCodes.FST_ERR_SCH_SERIALIZATION_BUILD(input.method, input.url, err.message),
    // a vouched schema is built as any other: fast-json-stringify 7 makes an Ajv only for
    // anyOf, oneOf and if/then/else, which fjsVouches refuses
    undefined,
    WARM_COMPILES,
  )
}

function builds(build: () => unknown): boolean {
  try {
    build()
    return true
  } catch {
    return false
  }
}

/** The serializers of one route: by status key, each either one function or one per media type. */
export interface ResponseSerializers {
  byStatus: Map<string, SerializerFunction>
  byStatusAndType: Map<string, Map<string, SerializerFunction>>
  /** the answer of selectSerializer by status code, once asked (without media types) */
  byCode: Map<number, SerializerFunction | null>
}

const statusKey = /^([1-5]\d\d|[1-5]xx|default)$/i

/** Compiles every entry of `schema.response` (read by `responseEntries`) once, at ready. */
export function compileResponseSchemas(
  entries: Array<[string, ResponseEntry]>,
  compile: SerializerCompiler,
  method: string,
  url: string,
): ResponseSerializers {
  const out: ResponseSerializers = {
    byStatus: new Map(),
    byStatusAndType: new Map(),
    byCode: new Map(),
  }
  for (const [rawKey, entry] of entries) {
    const key = rawKey.toLowerCase()
    if (!statusKey.test(key)) throw new errorCodes.FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX()
    if ('byType' in entry) {
      const byType = new Map<string, SerializerFunction>()
      for (const [contentType, schema] of entry.byType) {
        byType.set(contentType.toLowerCase(), build(compile, schema, method, url, key, contentType))
      }
      out.byStatusAndType.set(key, byType)
    } else {
      out.byStatus.set(key, build(compile, entry.schema, method, url, key))
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

/**
 * The serializer for a status: exact code, then its class (`2xx`), then `default`. A key with
 * one schema per media type answers for its status alone: when the reply's media type is not
 * listed there (nor a catch-all "*\/*" entry), no serializer applies (JSON.stringify), as in
 * Fastify.
 */
export function selectSerializer(
  serializers: ResponseSerializers,
  statusCode: number,
  contentType: string | undefined,
): SerializerFunction | undefined {
  // Without media types the choice depends on the status alone: decided once per status.
  if (serializers.byStatusAndType.size === 0) {
    let fn = serializers.byCode.get(statusCode)
    if (fn === undefined) {
      fn = findSerializer(serializers, statusCode, undefined) ?? null
      serializers.byCode.set(statusCode, fn)
    }
    return fn ?? undefined
  }
  return findSerializer(serializers, statusCode, contentType)
}

function findSerializer(
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
      return byType.get(media) ?? byType.get('*/*')
    }
  }
  return undefined
}
