// The members of the instance for shared schemas and the validator and serializer compilers.
// `ArborInstance` (types/instance-core.ts) extends them; they need nothing of it but `this`.
import type { SchemaAdded } from './context-types.ts'
import type {
  JSONSchema,
  SchemaControllerOptions,
  SchemaErrorFormatter,
  SerializerCompiler,
  ValidatorCompiler,
} from './schema.ts'

/** Shared schemas and compilers, in this context and below (see `ArborInstance`). */
export interface InstanceSchemas {
  /** Adds a shared schema (spec "Shared schema"), visible here and below. */
  addSchema<const S extends JSONSchema>(schema: S): this & SchemaAdded<S>
  /** The shared schemas visible in this context, by `$id`. */
  getSchemas(): Record<string, JSONSchema>
  /** One shared schema visible in this context. */
  getSchema(id: string): JSONSchema | undefined
  setValidatorCompiler(compiler: ValidatorCompiler): this
  setSerializerCompiler(compiler: SerializerCompiler): this
  /** The validation-error formatter; `this` inside it is this instance (spec). */
  setSchemaErrorFormatter(formatter: SchemaErrorFormatter): this
  /** The serializer of every reply payload of this context and below, in place of JSON and the response schemas. */
  setReplySerializer(serializer: (payload: unknown, statusCode: number) => string): this
  /** Where shared schemas live and how default compilers are built, here and below. */
  setSchemaController(options: SchemaControllerOptions): this
  /** The validator compiler in effect: set here or above, or the default once built. */
  readonly validatorCompiler: ValidatorCompiler | undefined
  /** The serializer compiler in effect: set here or above, or the default once built. */
  readonly serializerCompiler: SerializerCompiler | undefined
}
