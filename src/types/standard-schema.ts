// Standard Schema v1 (zod 4, valibot 1, arktype 2, ...) as route schemas, at the type level: a
// schema with a `~standard` member types its request part by its output and its response by
// its input (what the handler hands over, before the library's transforms). docs/typescript.md
import type { StandardSchemaV1 } from '@standard-schema/spec'

/** Any Standard Schema v1 object, as a route's `schema` entries accept it. */
export type StandardSchema = StandardSchemaV1

/**
 * The type a Standard Schema validates to: what a request part is in the handler.
 * @example
 * type Body = InferOutput<typeof bodySchema> // z.output<typeof bodySchema>
 */
export type InferOutput<S> = S extends {
  readonly '~standard': { readonly types?: infer T }
}
  ? NonNullable<T> extends { readonly output: infer O }
    ? O
    : unknown
  : unknown

/**
 * The type a Standard Schema takes in: what a handler returns for a response schema.
 * @example
 * type Answer = InferInput<typeof responseSchema> // z.input<typeof responseSchema>
 */
export type InferInput<S> = S extends {
  readonly '~standard': { readonly types?: infer T }
}
  ? NonNullable<T> extends { readonly input: infer I }
    ? I
    : unknown
  : unknown

/**
 * What a Standard Schema types on one side of a route: a request part (`validator`) is its
 * output, a response (`serializer`) its input. The one branch of CallTypeProvider that reads it.
 */
export type StandardSchemaType<
  S,
  Side extends 'validator' | 'serializer',
> = Side extends 'validator' ? InferOutput<S> : InferInput<S>
