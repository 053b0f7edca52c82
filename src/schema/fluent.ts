// fluent-json-schema builders in route schemas. Fastify replaces each builder by its JSON
// Schema in the route's own schema object when the route is built at ready (after the onRoute
// hooks ran), so whoever kept `routeOptions.schema` (@fastify/swagger) reads JSON Schema.
import type { RouteSchema } from '../types/schema.ts'

const fluentMark = Symbol.for('fluent-schema-object')

/** Whether a value is a fluent-json-schema builder (it gives its JSON Schema by `valueOf()`). */
export function isFluentSchema(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string | symbol, unknown>
  return v.isFluentSchema === true || v.isFluentJSONSchema === true || v[fluentMark] === true
}

/** The JSON Schema of a fluent-json-schema builder; any other value as it is. */
export function fromFluent<T>(value: T): T {
  return isFluentSchema(value) ? ((value as { valueOf(): T }).valueOf() as T) : value
}

const requestParts = ['body', 'querystring', 'query', 'params', 'headers'] as const

/**
 * Puts the JSON Schema of every builder among the request parts and the status entries of
 * `schema.response` in the builder's place, in the schema object itself (not a copy), as
 * Fastify's route build does. Media-type schemas under `content` stay as written there, as in
 * Fastify; arbor reads their JSON when it compiles them.
 */
export function replaceFluentBuilders(schema: RouteSchema): void {
  for (const part of requestParts) {
    const value = schema[part]
    if (isFluentSchema(value)) schema[part] = fromFluent(value)
  }
  const response = schema.response
  if (typeof response !== 'object' || response === null) return
  for (const status of Object.keys(response)) {
    const value = response[status]
    if (isFluentSchema(value)) response[status] = fromFluent(value) as object
  }
}
