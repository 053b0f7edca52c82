// Type providers: what turns a route's schema into a type. arbor has one built in (JSON Schema
// written `as const`, and TypeBox), so a route is typed with no extra package; another one, such
// as a Fastify type provider, is chosen with `withTypeProvider<P>()` (docs/typescript.md).
import type { FromSchema, JSONSchema as LiteralJSONSchema } from 'json-schema-to-ts'
import type { StandardSchemaType } from './standard-schema.ts'

/**
 * A type provider: `output` is the type of a schema given as `input`. The same shape as
 * Fastify's `FastifyTypeProvider`, so Fastify's providers work with `withTypeProvider`.
 * @example
 * interface ZodProvider extends ArborTypeProvider {
 *   output: this['input'] extends ZodType ? z.infer<this['input']> : unknown
 * }
 */
export interface ArborTypeProvider {
  readonly input: unknown
  readonly output: unknown
}

/**
 * The shared schemas (`addSchema`) the built-in provider may resolve a `$ref` to, by `$id`.
 * `addSchema(schema as const)` adds to it for the chain it returns; a plugin in its own file
 * sees the ones declared here:
 * @example
 * declare module 'arbor' { interface ArborSharedSchemas { user: typeof userSchema } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface so applications can declare into it
export interface ArborSharedSchemas {}

/** A JSON Schema with an `$id`, as `addSchema` takes it. */
export type SharedSchema = LiteralJSONSchema & { readonly $id: string }

// TypeBox marks its schemas with a phantom `static` member (TypeBox's own `Static<T>` reads it
// the same way); arbor reads it without depending on TypeBox.
type TypeBoxStatic<S> = S & { params: [] } extends { readonly static: infer T } ? T : unknown

// A route's shared schemas, as json-schema-to-ts takes them. Without any (the common case) the
// schema is read with FromSchema's default options, which costs fewer instantiations than an
// explicit `{ references: false }`.
type References<Refs> = Array<Extract<Refs[keyof Refs], SharedSchema>>

/**
 * The built-in schema → type mapping: a TypeBox schema gives its static type; a JSON Schema
 * (draft 7) written `as const` gives json-schema-to-ts's `FromSchema`; anything else (a schema
 * whose literals were widened to `string`) gives `unknown`. A `$ref` resolves against the
 * shared schemas in `references` (`$ref: 'user#'` or `'user#/properties/id'`).
 */
export type SchemaToType<S, Refs = {}> = SchemaType<S, Refs>['type']

// The one place a schema becomes a type (a Standard Schema is read before, in CallTypeProvider).
// Boxed for TypeScript 5.9 and 6.0: they measure the variance of each alias between a route and
// its schema by instantiating it with marker types, and FromSchema on a marker expands
// json-schema-to-ts's whole keyword space (10 million instantiations, TS2589/TS2590). `in out`
// needs no measuring, and the index signature ends a measurement that reads the box through a
// generic key at `unknown` instead of at FromSchema.
interface SchemaType<in out S, in out Refs> {
  [key: string]: unknown
  type: S extends { readonly static: unknown }
    ? TypeBoxStatic<S>
    : S extends LiteralJSONSchema
      ? [keyof Refs] extends [never]
        ? FromSchema<S>
        : FromSchema<S, { references: References<Refs> }>
      : unknown
}

/** Type-only key: marks the built-in provider (`ArborSchemaProvider`). */
export declare const kBuiltInProvider: unique symbol

/** The provider every instance starts with (see `SchemaToType`). */
export interface ArborSchemaProvider extends ArborTypeProvider {
  /** the shared schemas of the instance type, handed in by `CallTypeProvider` */
  readonly references: unknown
  /** marks the built-in provider, which `CallTypeProvider` reads without `this` */
  readonly [kBuiltInProvider]: 'type'
  output: SchemaToType<this['input'], this['references']>
}

/**
 * A type provider in Fastify 5's shape (`FastifyTypeProvider` of fastify 5): the schema comes in
 * as `schema`, and the type of what is validated (request parts) and of what is serialized
 * (responses) are two members, so a provider may type them apart. Fastify 5's providers
 * (`@fastify/type-provider-typebox` 5 and later, ...) are of this shape, and `withTypeProvider`
 * takes them beside the Fastify 4 shape (`ArborTypeProvider`).
 * @example
 * interface ZodProvider extends ArborSplitTypeProvider {
 *   validator: this['schema'] extends ZodType ? z.input<this['schema']> : unknown
 *   serializer: this['schema'] extends ZodType ? z.output<this['schema']> : unknown
 * }
 */
export interface ArborSplitTypeProvider {
  readonly schema: unknown
  readonly validator: unknown
  readonly serializer: unknown
}

/** Which side of a route a schema types: a request part (validated) or a response (serialized). */
export type SchemaSide = 'validator' | 'serializer'

/**
 * What a provider gives for one schema on one side; the built-in provider also reads
 * `references`. A provider of the Fastify 4 shape gives `output` on both sides.
 */
export type CallTypeProvider<P, S, Refs = {}, Side extends SchemaSide = 'validator'> =
  // Standard Schema branch (standard-schema.ts): a schema with `~standard` (zod, valibot,
  // arktype) types itself, whatever the provider: output for request parts, input for responses
  S extends { readonly '~standard': object }
    ? StandardSchemaType<S, Side>
    : P extends {
          readonly validator: unknown
          readonly serializer: unknown
        }
      ? (P & { schema: S })[Side]
      : // the built-in provider, read without its `this['input']`: 5.9 and 6.0 re-instantiate
        // that lookup without end. `K` stays generic while `P` is (see `SchemaType`).
        P extends { readonly [kBuiltInProvider]: infer K }
        ? SchemaType<S, Refs>[K & string]
        : // A Fastify 4 shape provider. Not intersected with ArborTypeProvider: a second `output`
          // in the intersection makes 5.9 and 6.0 instantiate `this['input']` without end.
          P extends { readonly output: unknown }
          ? (P & { input: S; references: Refs })['output']
          : unknown

/** The provider an instance type was given, or the built-in one. */
export type ResolveProvider<P> = unknown extends P ? ArborSchemaProvider : P
