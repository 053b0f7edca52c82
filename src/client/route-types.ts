// From one route of an app's type to what the client sends and gets back. The route table
// (types/route-table.ts) keeps each route as its method call wrote it; this file reads it only
// when a call names the route, with the same schema → type mapping the handler got, so a
// schema's type is computed once for both sides (the instantiations are shared).
import type { kProviderType, kSchemaTypes } from '../types/context-types.ts'
import type { DepthOf, RouteRecord } from '../types/route-table.ts'
import type { ResponseType, StatusKey } from '../types/schema-inference.ts'
import type {
  ArborSharedSchemas,
  CallTypeProvider,
  ResolveProvider,
} from '../types/type-provider.ts'

/** The routes of an application type, by `METHOD path` (`'GET /users/:id'`). */
export type RoutesOf<App> = App extends { readonly '~arbor.routes': infer T }
  ? DepthOf<App> extends keyof T
    ? Flat<T[DepthOf<App>]>
    : {}
  : {}

type Flat<T> = { [K in keyof T]: T[K] }

/** Any route record, as the table holds it. */
export type AnyRecord = RouteRecord<unknown, unknown>

/**
 * What the client reads a route's schemas with: the type provider and shared schemas of the
 * app type it was given (a provider chosen, or a schema added, inside a plugin is not seen).
 */
export interface ReadWith {
  provider: unknown
  refs: unknown
}

/** The provider and shared schemas of an application type. */
export type ReadWithOf<App> = {
  provider: App extends { readonly [kProviderType]: infer P }
    ? ResolveProvider<P>
    : ResolveProvider<unknown>
  refs: App extends { readonly [kSchemaTypes]: infer S } ? S : ArborSharedSchemas
}

// A request part is what the client hands over: a Standard Schema's input (before its
// transforms), any other schema's type. `unknown` when the route's schema does not type it.
type SchemaPart<R extends AnyRecord, W extends ReadWith, K extends string> = R['schema'] extends {
  readonly [P in K]: infer X
}
  ? [X] extends [never]
    ? unknown
    : CallTypeProvider<
        W['provider'],
        X,
        W['refs'],
        X extends { readonly '~standard': object } ? 'serializer' : 'validator'
      >
  : unknown

type GenericPart<R extends AnyRecord, K extends string, Else> = R['generic'] extends {
  [P in K]: infer T
}
  ? T
  : unknown extends Else
    ? unknown
    : Else

// Path parameters by name, as find-my-way reads them: `:id`, `:id(^\\d+)`, `:from-:to`,
// `:file.:ext`, and the wildcard `*`.
type Cut<S extends string, D extends string> = S extends `${infer H}${D}${string}` ? H : S
type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Cut<Cut<Cut<Cut<Rest, '/'>, '('>, '-'>, '.'> | ParamNames<Rest>
  : P extends `${string}*${string}`
    ? '*'
    : never

/** The params a path declares, each a string or a number (sent escaped). */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number }

type ClientHeaders = Record<string, string | number | boolean | readonly string[] | undefined>
type QueryValue = string | number | boolean | null | undefined | Date
type ClientQuery = Record<string, QueryValue | readonly QueryValue[]>

/** What a call to the route `R` at path `P` hands over, part by part. */
export interface RequestParts<R extends AnyRecord, W extends ReadWith, P extends string> {
  params: GenericPart<R, 'Params', SchemaPart<R, W, 'params'>> extends infer T
    ? unknown extends T
      ? PathParams<P>
      : T
    : never
  query: GenericPart<R, 'Querystring', SchemaPart<R, W, 'querystring'>> extends infer T
    ? unknown extends T
      ? R['schema'] extends { readonly query: unknown }
        ? SchemaPart<R, W, 'query'>
        : ClientQuery
      : T
    : never
  body: GenericPart<R, 'Body', SchemaPart<R, W, 'body'>>
  headers: GenericPart<R, 'Headers', SchemaPart<R, W, 'headers'>> extends infer T
    ? unknown extends T
      ? ClientHeaders
      : Lower<T> & ClientHeaders
    : never
}

type Lower<T> = { [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] }

// A part is required when the route needs it: a body the route declares (unless it may be
// undefined), params, a querystring or headers with a required member.
type Part<K extends string, T> = unknown extends T
  ? { [P in K]?: T }
  : {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T }
type BodyPart<T> = unknown extends T
  ? { body?: unknown }
  : undefined extends T
    ? { body?: T }
    : { body: T }

/** The object a call takes: `{ params, query, body, headers, signal }`, each as the route says. */
export type CallParts<R extends AnyRecord, W extends ReadWith, P extends string> = PartsOf<
  RequestParts<R, W, P>
>

// The parts read off a route's request types once resolved: one alias over them, not a
// re-relation of RequestParts to itself (`extends infer Q extends …`) in each call.
type PartsOf<Q extends RequestParts<AnyRecord, ReadWith, string>> = Part<'params', Q['params']> &
  Part<'query', Q['query']> &
  BodyPart<Q['body']> &
  Part<'headers', Q['headers']> & {
    /** aborts the request */
    signal?: AbortSignal
  }

// Whether a call may leave out its parts: read part by part from the request types, cheaper
// than relating `{}` to the intersection CallParts builds (about 700 instantiations a call).
type NoneRequired<Q extends RequestParts<AnyRecord, ReadWith, string>> = {} extends Q['params']
  ? {} extends Q['query']
    ? {} extends Q['headers']
      ? unknown extends Q['body']
        ? true
        : undefined extends Q['body']
          ? true
          : false
      : false
    : false
  : false

/** The rest arguments of a call: the parts, optional when the route requires none. */
export type CallArgs<R extends AnyRecord, W extends ReadWith, P extends string> = ArgsOf<
  RequestParts<R, W, P>
>
type ArgsOf<Q extends RequestParts<AnyRecord, ReadWith, string>> =
  NoneRequired<Q> extends true ? [parts?: PartsOf<Q>] : [parts: PartsOf<Q>]

// ---- responses ----

/** What arbor sends for an error (`reply.send(err)`, validation, not found, bearer-auth). */
export interface ArborErrorBody<C extends number = number> {
  statusCode: C
  /** `FST_ERR_VALIDATION` for a request that failed its schema; absent on a 404 */
  code?: string
  /** the status text: `Bad Request`, `Unauthorized`, `Not Found`, `Internal Server Error` */
  error: string
  message: string
}

/** The error statuses arbor itself answers any route with (401: the bearer-auth plugin). */
export type ArborErrorStatus = 400 | 401 | 404 | 500

/** One response of a route: its status code, the body parsed by its content type, headers. */
export interface ClientResponse<C extends number, B> {
  status: C
  /** whether the status is 2xx */
  ok: `${C}` extends `2${string}` ? true : false
  headers: Headers
  body: B
}

// The status codes a response key stands for.
interface ClassCodes {
  '1': 100 | 101 | 103
  '2': 200 | 201 | 202 | 203 | 204 | 205 | 206
  '3': 300 | 301 | 302 | 303 | 304 | 307 | 308
  '4': 400 | 401 | 403 | 404 | 405 | 406 | 409 | 410 | 413 | 415 | 422 | 429
  '5': 500 | 501 | 502 | 503 | 504
}
type CodesOf<K> = K extends number
  ? K
  : K extends `${infer N extends number}`
    ? N
    : K extends `${infer D extends keyof ClassCodes}${'xx' | 'XX'}`
      ? ClassCodes[D]
      : never

// Is error status E answered by a declared key (its code, or its class)?
type Covers<M, E extends number> = E extends CodesOf<keyof M> ? true : false

type Declared<W extends ReadWith, M> = {
  [K in keyof M]: ClientResponse<CodesOf<K>, ResponseType<M[K], W['provider'], W['refs']>>
}[keyof M]

// arbor's errors: serialized with the route's schema for that code when it has one ('default'
// included), else `{ statusCode, code, error, message }`.
type Errors<W extends ReadWith, M> = {
  [E in ArborErrorStatus]: Covers<M, E> extends true
    ? never
    : ClientResponse<
        E,
        'default' extends keyof M
          ? ResponseType<M['default' & keyof M], W['provider'], W['refs']>
          : ArborErrorBody<E>
      >
}[ArborErrorStatus]

// The common case, computed once for every route: no response key touches an error status.
type DefaultErrors = {
  [E in ArborErrorStatus]: ClientResponse<E, ArborErrorBody<E>>
}[ArborErrorStatus]
type ErrorKeys =
  | ArborErrorStatus
  | `${ArborErrorStatus}`
  | '4xx'
  | '4XX'
  | '5xx'
  | '5XX'
  | 'default'
type ErrorsFor<W extends ReadWith, M> = [keyof M & ErrorKeys] extends [never]
  ? DefaultErrors
  : Errors<W, M>

type IsStatusMap<T> = T extends object
  ? [keyof T] extends [never]
    ? false
    : keyof T extends StatusKey
      ? true
      : false
  : false

type GenericReplies<T> =
  IsStatusMap<T> extends true
    ? { [K in keyof T]: ClientResponse<CodesOf<K>, T[K]> }[keyof T] | GenericErrors<T>
    : Undeclared<T> | GenericErrors<{}>

// A route that declares no response by code answers some 2xx code with what its handler returns.
type Undeclared<B> = ClientResponse<ClassCodes['2'], B>

type GenericErrors<M> = {
  [E in ArborErrorStatus]: Covers<M, E> extends true ? never : ClientResponse<E, ArborErrorBody<E>>
}[ArborErrorStatus]

/**
 * What a call to route `R` resolves to: one member per status code the route declares, and
 * arbor's own errors, so `if (r.status === 200) r.body` narrows. A route without response
 * schemas answers a 2xx code with a body of type `unknown`.
 */
export type ResponseOf<R extends AnyRecord, W extends ReadWith> = R['generic'] extends {
  Reply: infer T
}
  ? GenericReplies<T>
  : R['schema'] extends { readonly response: infer M }
    ? [keyof M] extends [never]
      ? Undeclared<unknown> | DefaultErrors
      : Declared<W, 'default' extends keyof M ? Omit<M, 'default'> : M> | ErrorsFor<W, M>
    : Undeclared<unknown> | DefaultErrors
