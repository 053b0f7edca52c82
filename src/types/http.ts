import type { IncomingHttpHeaders } from 'node:http'

/**
 * The HTTP methods arbor routes without `addHttpMethod` in either Fastify line: Fastify 4.25's
 * list and RFC 10008's QUERY (the Fastify 5 line routes only GET, HEAD, TRACE, DELETE,
 * OPTIONS, PATCH, PUT, POST and QUERY; `instance.supportedMethods` says what an app routes).
 */
export type HTTPMethod =
  | 'DELETE'
  | 'GET'
  | 'HEAD'
  | 'PATCH'
  | 'POST'
  | 'PUT'
  | 'OPTIONS'
  | 'PROPFIND'
  | 'PROPPATCH'
  | 'MKCOL'
  | 'COPY'
  | 'MOVE'
  | 'LOCK'
  | 'UNLOCK'
  | 'TRACE'
  | 'SEARCH'
  | 'REPORT'
  | 'MKCALENDAR'
  | 'QUERY'

/** What a route declares about its request and reply types; every member is optional. */
export interface RouteGenericInterface {
  Params?: unknown
  Querystring?: unknown
  Body?: unknown
  Headers?: unknown
  Reply?: unknown
}

// Each member of the route types is read by key once the route types have it, not by `infer`:
// matching the intersection of a route generic and what the schema gives against
// `{ Body: infer B }` costs about thirty more type instantiations per route part.
export type ParamsOf<G> = G extends { Params: unknown } ? G['Params'] : Record<string, string>
export type QueryOf<G> = G extends { Querystring: unknown }
  ? G['Querystring']
  : Record<string, unknown>
export type BodyOf<G> = G extends { Body: unknown } ? G['Body'] : unknown
export type HeadersOf<G> = G extends { Headers: unknown }
  ? IncomingHttpHeaders & G['Headers']
  : IncomingHttpHeaders
export type ReplyOf<G> = G extends { Reply: infer R } ? R : unknown
/** What a handler may return as the payload: read by key, as the request parts are. */
export type ReplyPayloadOf<R> = R extends { ReplyAny: unknown }
  ? R['ReplyAny']
  : R extends { Reply: unknown }
    ? R['Reply']
    : unknown
