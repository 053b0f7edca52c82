import type { AjvFactoryOptions } from '../config/options.ts'
import { errorCodes } from '../errors.ts'
import type {
  JSONSchema,
  SchemaBucket,
  SchemaControllerOptions,
  SerializerCompiler,
  ValidatorCompiler,
} from '../types/schema.ts'
import { fromFluent } from './fluent.ts'
import { createFastJsonCompiler } from './serialization.ts'
import { createAjvCompiler } from './validation.ts'

/** arbor's own bucket: the shared schemas by `$id`, each `$id` once. */
class SchemaMap implements SchemaBucket {
  readonly schemas: Map<string, JSONSchema>

  constructor(init?: Record<string, JSONSchema>) {
    this.schemas = new Map(Object.entries(init ?? {}))
  }

  add(schema: unknown): void {
    if (typeof schema !== 'object' || schema === null) throw new errorCodes.FST_ERR_SCH_MISSING_ID()
    const id = (schema as JSONSchema).$id
    if (typeof id !== 'string' || id.length === 0) throw new errorCodes.FST_ERR_SCH_MISSING_ID()
    if (this.schemas.has(id)) throw new errorCodes.FST_ERR_SCH_ALREADY_PRESENT(id)
    this.schemas.set(id, schema as JSONSchema)
  }

  getSchema(id: string): JSONSchema | undefined {
    return this.schemas.get(id)
  }

  getSchemas(): Record<string, JSONSchema> {
    return Object.fromEntries(this.schemas)
  }
}

/** The `schemaController` in effect in a context: where schemas live, how compilers are built. */
export interface SchemaController {
  /** `undefined`: arbor's own bucket */
  bucket: ((parentSchemas?: unknown) => SchemaBucket) | undefined
  buildValidator: (schemas: Record<string, JSONSchema>, ajv: AjvFactoryOptions) => ValidatorCompiler
  buildSerializer: (
    schemas: Record<string, JSONSchema>,
    serializerOpts: Record<string, unknown> | undefined,
  ) => SerializerCompiler
  /** the validator comes from the user: request schemas reach it exactly as written */
  customValidator: boolean
}

/** Applies `schemaController` options over the controller in effect (or arbor's defaults). */
export function resolveController(
  options: SchemaControllerOptions | undefined,
  parent?: SchemaController,
): SchemaController {
  const factory = options?.compilersFactory
  return {
    bucket: options?.bucket ?? parent?.bucket,
    buildValidator: factory?.buildValidator ?? parent?.buildValidator ?? createAjvCompiler,
    buildSerializer: factory?.buildSerializer ?? parent?.buildSerializer ?? createFastJsonCompiler,
    customValidator:
      typeof factory?.buildValidator === 'function' || parent?.customValidator === true,
  }
}

/**
 * The shared schemas (`addSchema`) one context sees. A child shares its parent's set until
 * either of them adds a schema; then the adder gets its own copy, so a child's schemas never
 * reach its parent (spec "Shared schema": visibility follows encapsulation). Contexts that
 * share a set also share the compilers built from it. A `schemaController.bucket` given by
 * the application is built once per context, from its parent's schemas, as in Fastify.
 */
export class SchemaSet {
  readonly controller: SchemaController
  readonly bucket: SchemaBucket
  shared = false
  /** @internal compilers built from exactly these schemas, made on first use */
  defaultValidatorCompiler: ValidatorCompiler | undefined
  defaultSerializerCompiler: SerializerCompiler | undefined

  constructor(controller: SchemaController, parentSchemas?: unknown) {
    this.controller = controller
    this.bucket =
      controller.bucket === undefined
        ? new SchemaMap(parentSchemas as Record<string, JSONSchema> | undefined)
        : controller.bucket(parentSchemas)
  }

  /** The set a child context starts with. */
  share(): SchemaSet {
    if (this.controller.bucket !== undefined) {
      return new SchemaSet(this.controller, this.bucket.getSchemas())
    }
    this.shared = true
    return this
  }

  /** The set after `setSchemaController(options)`: a new bucket over these schemas. */
  withController(options: SchemaControllerOptions): SchemaSet {
    return new SchemaSet(resolveController(options, this.controller), this.bucket.getSchemas())
  }

  /** Returns the set to keep after adding `schema`: this one, or a copy if it is shared. */
  add(schema: unknown): SchemaSet {
    const target =
      this.shared || this.defaultValidatorCompiler !== undefined
        ? new SchemaSet(this.controller, this.bucket.getSchemas())
        : this
    target.bucket.add(fromFluent(schema))
    return target
  }

  /** What the bucket answers: an object by `$id` for arbor's own. */
  getSchemas(): unknown {
    return this.bucket.getSchemas()
  }

  getSchema(id: string): unknown {
    return this.bucket.getSchema(id)
  }

  /** The schemas handed to the compiler builders, as an object by `$id`. */
  private record(): Record<string, JSONSchema> {
    const all = this.bucket.getSchemas()
    if (all instanceof Map) return Object.fromEntries(all) as Record<string, JSONSchema>
    return (all ?? {}) as Record<string, JSONSchema>
  }

  validatorCompiler(ajv: AjvFactoryOptions): ValidatorCompiler {
    this.defaultValidatorCompiler ??= this.controller.buildValidator(this.record(), ajv)
    return this.defaultValidatorCompiler
  }

  serializerCompiler(serializerOpts: Record<string, unknown> | undefined): SerializerCompiler {
    this.defaultSerializerCompiler ??= this.controller.buildSerializer(
      this.record(),
      serializerOpts,
    )
    return this.defaultSerializerCompiler
  }
}
