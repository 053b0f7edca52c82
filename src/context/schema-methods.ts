import { validateSchemaErrorFormatter } from '../config/options.ts'
import { errorCodes } from '../errors.ts'
import type {
  JSONSchema,
  SchemaErrorFormatter,
  SerializerCompiler,
  ValidatorCompiler,
} from '../types/schema.ts'
import { assertFunction } from './instance.ts'
import { type Instance, kState } from './state.ts'

/** The instance's shared-schema and compiler methods (spec "Shared schema", compilers). */
export const schemaMethods = {
  /** Adds a shared schema, visible here and below. */
  addSchema(this: Instance, schema: JSONSchema) {
    const state = this[kState]
    if (state.root.ready)
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "addSchema"!')
    state.schemas = state.schemas.add(schema)
    return this
  },
  /** The shared schemas visible in this context, by `$id`. */
  getSchemas(this: Instance): Record<string, JSONSchema> {
    return this[kState].schemas.toObject()
  },
  /** One shared schema visible in this context. */
  getSchema(this: Instance, id: string): JSONSchema | undefined {
    return this[kState].schemas.schemas.get(id)
  },
  setValidatorCompiler(this: Instance, compiler: ValidatorCompiler) {
    assertFunction(compiler, 'setValidatorCompiler')
    this[kState].validatorCompiler = compiler
    return this
  },
  setSerializerCompiler(this: Instance, compiler: SerializerCompiler) {
    assertFunction(compiler, 'setSerializerCompiler')
    this[kState].serializerCompiler = compiler
    return this
  },
  /** The validation-error formatter; `this` inside it is this instance (spec). */
  setSchemaErrorFormatter(this: Instance, formatter: SchemaErrorFormatter) {
    validateSchemaErrorFormatter(formatter)
    this[kState].schemaErrorFormatter = formatter.bind(this)
    return this
  },
}
