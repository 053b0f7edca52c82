import { validateSchemaErrorFormatter } from '../../config/options.ts'
import { errorCodes } from '../../errors.ts'
import type {
  JSONSchema,
  SchemaControllerOptions,
  SchemaErrorFormatter,
  SerializerCompiler,
  ValidatorCompiler,
} from '../../types/schema.ts'
import { assertFunction } from '../instance.ts'
import { type Instance, kState } from '../state.ts'

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
  /** The shared schemas visible in this context, by `$id` (or what a custom bucket answers). */
  getSchemas(this: Instance): Record<string, JSONSchema> {
    return this[kState].schemas.getSchemas() as Record<string, JSONSchema>
  },
  /** One shared schema visible in this context. */
  getSchema(this: Instance, id: string): JSONSchema | undefined {
    return this[kState].schemas.getSchema(id) as JSONSchema | undefined
  },
  /**
   * Replaces, in this context and below, where shared schemas live (`bucket`) and how the
   * default compilers are built (`compilersFactory`); what is not given is inherited.
   */
  setSchemaController(this: Instance, options: SchemaControllerOptions) {
    const state = this[kState]
    if (state.root.ready) {
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "setSchemaController"!')
    }
    const bucket = options?.bucket
    if (bucket !== undefined && typeof bucket !== 'function') {
      throw new errorCodes.FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN(typeof bucket)
    }
    state.schemas = state.schemas.withController(options ?? {})
    return this
  },
  /** The validator compiler in effect here: set by the application, or the default once built. */
  get validatorCompiler(): ValidatorCompiler | undefined {
    const state = (this as unknown as Instance)[kState]
    return state.validatorCompiler ?? state.schemas.defaultValidatorCompiler
  },
  /** The serializer compiler in effect here: set by the application, or the default once built. */
  get serializerCompiler(): SerializerCompiler | undefined {
    const state = (this as unknown as Instance)[kState]
    return state.serializerCompiler ?? state.schemas.defaultSerializerCompiler
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
