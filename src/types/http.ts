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

export type ParamsOf<G> = G extends { Params: infer P } ? P : Record<string, string>
export type QueryOf<G> = G extends { Querystring: infer Q } ? Q : Record<string, unknown>
export type BodyOf<G> = G extends { Body: infer B } ? B : unknown
export type HeadersOf<G> = G extends { Headers: infer H }
  ? IncomingHttpHeaders & H
  : IncomingHttpHeaders
export type ReplyOf<G> = G extends { Reply: infer R } ? R : unknown
