import { errorCodes } from '../errors.ts'
import type { JSONSchema, SerializerCompiler, ValidatorCompiler } from '../types/schema.ts'

/**
 * The shared schemas (`addSchema`) one context sees. A child shares its parent's set until
 * either of them adds a schema; then the adder gets its own copy, so a child's schemas never
 * reach its parent (spec "Shared schema": visibility follows encapsulation). Contexts that
 * share a set also share the compilers built from it.
 */
export class SchemaSet {
  readonly schemas: Map<string, JSONSchema>
  shared = false
  /** @internal compilers built from exactly these schemas, made on first use */
  defaultValidatorCompiler: ValidatorCompiler | undefined
  defaultSerializerCompiler: SerializerCompiler | undefined

  constructor(schemas?: Map<string, JSONSchema>) {
    this.schemas = new Map(schemas)
  }

  /** The set a child context starts with. */
  share(): SchemaSet {
    this.shared = true
    return this
  }

  /** Returns the set to keep after adding `schema`: this one, or a copy if it is shared. */
  add(schema: unknown): SchemaSet {
    if (typeof schema !== 'object' || schema === null) throw new errorCodes.FST_ERR_SCH_MISSING_ID()
    const id = (schema as JSONSchema).$id
    if (typeof id !== 'string' || id.length === 0) throw new errorCodes.FST_ERR_SCH_MISSING_ID()
    if (this.schemas.has(id)) throw new errorCodes.FST_ERR_SCH_ALREADY_PRESENT(id)
    const target =
      this.shared || this.defaultValidatorCompiler !== undefined
        ? new SchemaSet(this.schemas)
        : this
    target.schemas.set(id, schema as JSONSchema)
    return target
  }

  toObject(): Record<string, JSONSchema> {
    return Object.fromEntries(this.schemas)
  }
}
