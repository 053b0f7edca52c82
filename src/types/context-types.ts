// What an instance's type knows about its context beyond its members: the request and reply
// decorators added on the way to it, its type provider, its shared schemas. Each is a type-only
// member keyed by a symbol that exists in no JavaScript: `decorateRequest` returns
// `this & { [kRequestTypes]: { user: U } }`, so the new member is seen along that chain, by the
// routes and plugins registered on it, and not by a sibling context (docs/typescript.md).

/** Type-only key: the request decorators of an instance type. */
export declare const kRequestTypes: unique symbol
/** Type-only key: the reply decorators of an instance type. */
export declare const kReplyTypes: unique symbol
/** Type-only key: the type provider of an instance type (`unknown`: the built-in one). */
export declare const kProviderType: unique symbol
/** Type-only key: the shared schemas (`addSchema`) of an instance type, by `$id`. */
export declare const kSchemaTypes: unique symbol
/** Type-only key: the status code `reply.code(C)` set, for `send`'s payload type. */
export declare const kStatusType: unique symbol
/** Type-only key: what a `plugin()`-wrapped function adds to the context that registers it. */
export declare const kPluginAdds: unique symbol

/**
 * The type of a decorator's value: `{ getter }` gives the getter's return type (a getter-backed
 * decorator, as Fastify allows); anything else is its own type, a lone literal widened
 * (`decorate('count', 0)` is a `number`, which the application may change).
 */
export type DecoratorType<V> = Widen<V extends { getter: () => infer T } ? T : V>

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never
type Widen<T> =
  true extends IsUnion<T>
    ? T
    : T extends string
      ? string
      : T extends number
        ? number
        : T extends boolean
          ? boolean
          : T

/**
 * What a decorator adds to a type: nothing when `Base` already declares the name (declaration
 * merging), so `decorateRequest('user', null)` keeps the merged `user: User | null`.
 */
export type Decoration<Base, K extends string, V> = K extends keyof Base
  ? unknown
  : { [P in K]: DecoratorType<V> }

/** What a wrapped plugin's function returns tells what it adds: the instance it decorated. */
export type AddedBy<R, Base> = Awaited<R> extends Base ? Awaited<R> : unknown

/**
 * The type-only members every instance type has; `ArborInstance` extends this. Their types grow
 * along a chain (`decorateRequest`, `decorateReply`, `withTypeProvider`, `addSchema`); nothing
 * reads them at run time.
 */
export interface ContextTypes<SharedSchemas> {
  readonly [kRequestTypes]: unknown
  readonly [kReplyTypes]: unknown
  readonly [kProviderType]: unknown
  readonly [kSchemaTypes]: SharedSchemas
  /**
   * Type-only: the routes added along the chain, by context depth (route-table.ts). Keyed by a
   * string, not a symbol as the members above, so that `export const app = arbor().get(…)` can
   * be written to a declaration file, where a symbol the file does not import cannot be named.
   */
  readonly '~arbor.routes': unknown
  /** Type-only: how many `register` levels below the root the instance type is. */
  readonly '~arbor.depth': unknown
}

/** The key of an instance type's depth member, which route methods hand to `RouteAdded`. */
export type Depth = '~arbor.depth'

/** The type-only member of a reply: the status code `code(C)` set (`number` before). */
export interface ReplyStatusType {
  readonly [kStatusType]: number
}

/** What `addSchema(schema)` adds to the instance type: the schema by its literal `$id`. */
export type SchemaAdded<S> = S extends { readonly $id: infer Id extends string }
  ? string extends Id
    ? unknown
    : WithSchemaTypes<{ readonly [K in Id]: S }>
  : unknown

/** What decorators an instance type declares it has, by kind (see `ArborInstanceWith`). */
export interface DecoratorTypes {
  instance?: object
  request?: object
  reply?: object
}

type Kind<D, K extends keyof DecoratorTypes> = D extends { [P in K]: infer T } ? T : unknown

/** `I` with the decorators `D` declares: what a chain of `decorate*` calls would give. */
export type Decorated<I, D extends DecoratorTypes> = I &
  Kind<D, 'instance'> &
  WithRequestTypes<Kind<D, 'request'>> &
  WithReplyTypes<Kind<D, 'reply'>>

// The type-only members, one alias each, so declaration files can name them.
/** An instance type whose requests have the decorators `D`. */
export type WithRequestTypes<D> = { readonly [kRequestTypes]: D }
/** An instance type whose replies have the decorators `D`. */
export type WithReplyTypes<D> = { readonly [kReplyTypes]: D }
/** An instance type with the type provider `P`. */
export type WithProviderType<P> = { readonly [kProviderType]: P }
/** A reply whose status code was set to `C`. */
export type WithStatusType<C> = { readonly [kStatusType]: C }
/** An instance type with the shared schemas `S`, by `$id`. */
export type WithSchemaTypes<S> = { readonly [kSchemaTypes]: S }
/** A plugin function that adds `A` to the context that registers it. */
export type WithPluginAdds<A> = { readonly [kPluginAdds]?: A }
