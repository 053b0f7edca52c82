/** A JSON Schema object as written by the application (draft 7). */
export type JSONSchema = Record<string, unknown>

/**
 * One part of a route's schema: a JSON Schema object, or an object a schema library built that
 * declares no index signature (TypeBox 1's `TObject`, as Fastify 5's `FastifySchema` takes it).
 */
export type RouteSchemaPart = JSONSchema | object

/** The `schema` option of a route (spec "Route schema object"). */
export interface RouteSchema {
  body?: RouteSchemaPart
  querystring?: RouteSchemaPart
  query?: RouteSchemaPart
  params?: RouteSchemaPart
  headers?: RouteSchemaPart
  response?: Record<string | number, RouteSchemaPart>
  [keyword: string]: unknown
}

export type HttpPart = 'body' | 'querystring' | 'params' | 'headers'

/** What a validation function returns: Ajv's boolean style or the `{ value } | { error }` style. */
export type ValidationResult =
  | boolean
  | { value?: unknown; error?: unknown }
  | Promise<unknown>
  | undefined
  | null
export type ValidatorFunction = ((data: unknown) => ValidationResult) & { errors?: unknown }

/** The spec's validator compiler input: `{ schema, method, url, httpPart }`. */
export interface ValidatorCompilerInput {
  schema: JSONSchema
  method: string
  url: string
  httpPart: HttpPart
  /** the media type of a body schema given per media type (`schema.body.content`), as written */
  contentType?: string
}
export type ValidatorCompiler = (input: ValidatorCompilerInput) => ValidatorFunction

/** The spec's serializer compiler input: `{ schema, method, url, httpStatus, contentType }`. */
export interface SerializerCompilerInput {
  schema: JSONSchema
  method: string
  url: string
  httpStatus: string
  contentType?: string
}
export type SerializerFunction = (payload: unknown) => string
export type SerializerCompiler = (input: SerializerCompilerInput) => SerializerFunction

/** One schema validation error, as Ajv reports it. */
export interface SchemaValidationError {
  keyword?: string
  instancePath?: string
  schemaPath?: string
  params?: Record<string, unknown>
  message?: string
  [key: string]: unknown
}
export type SchemaErrorFormatter = (errors: SchemaValidationError[], dataVar: string) => Error

/** Where a context keeps its shared schemas (`schemaController.bucket` returns one). */
export interface SchemaBucket {
  add(schema: unknown): unknown
  getSchema(id: string): unknown
  getSchemas(): unknown
}

/**
 * The `schemaController` factory option and `setSchemaController()` argument, as in Fastify:
 * `bucket(parentSchemas)` builds a context's schema store; `compilersFactory` builds the
 * default compilers from the shared schemas (`buildValidator(schemas, ajvOptions)`,
 * `buildSerializer(schemas, serializerOpts)`).
 */
export interface SchemaControllerOptions {
  bucket?: (parentSchemas?: unknown) => SchemaBucket
  compilersFactory?: {
    buildValidator?: (
      externalSchemas: Record<string, JSONSchema>,
      ajvOptions: { customOptions?: Record<string, unknown>; plugins?: unknown[] },
    ) => ValidatorCompiler
    buildSerializer?: (
      externalSchemas: Record<string, JSONSchema>,
      serializerOpts: Record<string, unknown> | undefined,
    ) => SerializerCompiler
  }
}
