// From a route's schema and generics to the types of its request and reply. A route generic
// (`app.get<{ Body: B }>`) wins over the schema, part by part; a schema part the provider cannot
// read (not written `as const`) falls back to the type the part has on an untyped route.
import type { RouteGenericInterface } from './http.ts'
import type { CallTypeProvider } from './type-provider.ts'

/** A status-code key of a response map: `200`, `'200'`, `'2xx'`, `'default'`. */
export type StatusKey = number | `${number}` | `${1 | 2 | 3 | 4 | 5}${'xx' | 'XX'}` | 'default'

/**
 * The route types handed to `ArborRequest<R>` and `ArborReply<R>`, besides the route generic
 * they are intersected with: what each part is, what the handler may answer (`ReplyAny`) and the
 * responses by status code (`ReplyByCode`, `never` when the route declares none by code).
 */
export interface ResolvedRoute {
  Params: unknown
  Querystring: unknown
  Body: unknown
  Headers: unknown
  ReplyAny: unknown
  ReplyByCode: unknown
}

// A part the provider cannot read (`unknown`) or that reads as nothing takes its untyped default.
type OrElse<T, Else> = [T] extends [never] ? Else : unknown extends T ? Else : T

// Fastify matches headers case-insensitively and arbor's request.headers are lower case.
type LowerCaseKeys<T> = T extends object
  ? { [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] }
  : T

// What a response schema allows out. A schema without `additionalProperties: false` reads as
// `{ [x: string]: unknown; ... }`, to which no interface is assignable (an interface has no
// index signature), so a handler could not return a `User` from its data layer. The serializer
// writes only the declared properties, so arbor drops that index signature, at every depth.
type Outgoing<T> = T extends object
  ? T extends Function
    ? T
    : T extends readonly unknown[]
      ? { [K in keyof T]: Outgoing<T[K]> }
      : { [K in keyof T as string extends K ? never : K]: Outgoing<T[K]> }
  : T

// A response entry is a schema, or `{ content: { [mediaType]: { schema } } }` (Fastify 4.x).
// Here and for the body, whether a schema has `content` is asked of its keys: relating the whole
// `as const` schema to `{ content: infer C }` cost about 10 instantiations a route.
/** The type a response entry (a schema, or `{ content }`) gives, as the reply writes it. */
export type ResponseType<E, P, Refs> = Outgoing<
  'content' extends keyof E
    ? ContentResponse<E, P, Refs>
    : CallTypeProvider<P, E, Refs, 'serializer'>
>

type ContentResponse<E, P, Refs> = E extends { readonly content: infer C }
  ? {
      [M in keyof C]: C[M] extends { readonly schema: infer X }
        ? CallTypeProvider<P, X, Refs, 'serializer'>
        : unknown
    }[keyof C]
  : CallTypeProvider<P, E, Refs, 'serializer'>

// The responses by status code; `never` when the schema declares none (no map, or an empty one).
// A response cast `as never` takes anything, as a code the route declares nothing for does.
type SchemaReplies<S, P, Refs> = 'response' extends keyof S
  ? ByCode<S['response' & keyof S], P, Refs>
  : never
type ByCode<M, P, Refs> = [keyof M] extends [never]
  ? never
  : { [C in keyof M]: [M[C]] extends [never] ? unknown : ResponseType<M[C], P, Refs> }

/** Whether a `Reply` generic is a map by status code (`{ 200: A; '4xx': B }`), as Fastify 4 reads it. */
type IsStatusMap<T> = T extends object
  ? T extends readonly unknown[] | Function
    ? false
    : [keyof T] extends [never]
      ? false
      : keyof T extends StatusKey
        ? true
        : false
  : false

type ValuesOf<M> = M[keyof M]

/**
 * The types of one route: `G` is the route generic (`RouteGenericInterface`), `S` the type of
 * its `schema` option, `P` the instance's type provider and `Refs` its shared schemas by `$id`.
 * `G` stays in the result as it is (a part it gives is the same on both sides), so a handler
 * annotated `(request: ArborRequest<{ Params: P }>)` still infers `G` from its annotation.
 */
export type ResolveRoute<G, S, P, Refs> = G &
  (RouteGenericInterface extends G
    ? SchemaRoute<S, P, Refs>
    : GenericRoute<G, SchemaRoute<S, P, Refs>>)

// What the schema gives, part by part: the whole of a route without a route generic, the common
// case. Each part is read once and wrapped as little as it can be: every type a route's types go
// through is instantiated again per route, and 200 routes make it count (BENCHMARKS.md).
type SchemaRoute<S, P, Refs, M = SchemaReplies<S, P, Refs>> = {
  Params: S extends { readonly params: unknown }
    ? OrElse<CallTypeProvider<P, S['params'], Refs>, Record<string, string>>
    : Record<string, string>
  Querystring: S extends { readonly querystring: unknown }
    ? OrElse<CallTypeProvider<P, S['querystring'], Refs>, Record<string, unknown>>
    : S extends { readonly query: unknown }
      ? OrElse<CallTypeProvider<P, S['query'], Refs>, Record<string, unknown>>
      : Record<string, unknown>
  // A part cast `as never` (a schema the application does not type) is left untyped; that is
  // checked on the schema, which is cheaper than on what it gives.
  Body: S extends { readonly body: unknown }
    ? [S['body']] extends [never]
      ? unknown
      : 'content' extends keyof S['body']
        ? BodyType<S['body'], P, Refs>
        : CallTypeProvider<P, S['body'], Refs>
    : unknown
  Headers: S extends { readonly headers: unknown }
    ? [S['headers']] extends [never]
      ? unknown
      : LowerCaseKeys<CallTypeProvider<P, S['headers'], Refs>>
    : unknown
  ReplyAny: [M] extends [never] ? unknown : M[keyof M]
  ReplyByCode: M
}

// `body.content`, one schema per media type (docs/validation.md): the body is any of them. As at
// run time, a `content` is a media-type map only when every key is a `type/subtype`.
type BodyType<B, P, Refs> = B extends { readonly content: infer C }
  ? IsMediaTypeMap<C> extends true
    ? {
        [K in keyof C]: C[K] extends { readonly schema: infer T }
          ? CallTypeProvider<P, T, Refs>
          : never
      }[keyof C]
    : CallTypeProvider<P, B, Refs>
  : CallTypeProvider<P, B, Refs>

type IsMediaTypeMap<C> = C extends object
  ? [keyof C] extends [never]
    ? false
    : keyof C extends `${string}/${string}`
      ? true
      : false
  : false

// A route generic (`app.get<{ Params: P }>`) wins over the schema, part by part; a `Reply`
// generic is one type, or a map by status code as Fastify 4 reads it.
type GenericRoute<G, R extends ResolvedRoute> = {
  Params: G extends { Params: infer T } ? T : R['Params']
  Querystring: G extends { Querystring: infer T } ? T : R['Querystring']
  Body: G extends { Body: infer T } ? T : R['Body']
  Headers: G extends { Headers: infer T } ? T : R['Headers']
  ReplyAny: G extends { Reply: infer T }
    ? IsStatusMap<T> extends true
      ? ValuesOf<T>
      : T
    : R['ReplyAny']
  ReplyByCode: G extends { Reply: infer T }
    ? IsStatusMap<T> extends true
      ? T
      : never
    : R['ReplyByCode']
}

// The response type for one status code: the exact code, then its class ('2xx'), then
// 'default'; a code the route declares nothing for takes anything, as its serializer does.
type ClassKey<C extends number> = `${C}` extends `${infer D}${string}` ? `${D}xx` | `${D}XX` : never
type AtCode<M, C extends number> = C extends keyof M
  ? M[C]
  : `${C}` extends keyof M
    ? M[`${C}` & keyof M]
    : ClassKey<C> & keyof M extends never
      ? 'default' extends keyof M
        ? M['default' & keyof M]
        : unknown
      : M[ClassKey<C> & keyof M]

/**
 * What `reply.send()` takes once `reply.code(C)` was called: the response type declared for
 * `C`; before any `code()` (C is `number`), the union of every declared response.
 */
export type PayloadAt<R, C> = R extends { ReplyByCode: infer M; ReplyAny: infer U }
  ? [M] extends [never]
    ? U
    : [C] extends [never]
      ? U
      : number extends C
        ? U
        : C extends number
          ? AtCode<M, C>
          : U
  : R extends { Reply: infer U }
    ? U
    : unknown
