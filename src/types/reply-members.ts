// The members of every reply that refer to nothing of the instance: `ArborReply`
// (types/instance-core.ts) extends them with `request` and `server`, and gives `Trailer`, the
// type of a trailer function (`ReplyTrailerFunction`, which refers to the reply).
import type { ServerResponse } from 'node:http'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import type { kStatusType, ReplyStatusType, WithStatusType } from './context-types.ts'
import type { RouteGenericInterface } from './http.ts'
import type { ArborLogger } from './logger.ts'
import type { RequestRouteOptions } from './request-members.ts'
import type { SerializerFunction } from './schema.ts'
import type { PayloadAt } from './schema-inference.ts'

export type ReplyHeaderValue = string | number | string[] | undefined

/** The members of `ArborReply` but `request` and `server` (see `ArborReply`). */
export interface ReplyMembers<G extends RouteGenericInterface, Trailer> extends ReplyStatusType {
  readonly raw: ServerResponse
  readonly log: ArborLogger
  statusCode: number
  /** `true` once the response went out or the reply was hijacked. Assigning `true` (Fastify 3's way to hijack) still works; use `hijack()`. */
  sent: boolean
  /** milliseconds since the request arrived (Fastify 5; `getResponseTime()` is the older name) */
  readonly elapsedTime: number
  /** the matched route's options, the same as `request.routeOptions` */
  readonly routeOptions: RequestRouteOptions
  /** @deprecated FSTDEP019: use `request.routeOptions.config` and `.schema` */
  readonly context: {
    config: Record<string, unknown>
    schema: Record<string, unknown> | undefined
  }
  /** Sets the status code; `send` then takes the response type declared for it. */
  code<C extends number>(statusCode: C): this & WithStatusType<C>
  status<C extends number>(statusCode: C): this & WithStatusType<C>
  header(name: string, value: unknown): this
  headers(values: Record<string, unknown>): this
  getHeader(name: string): ReplyHeaderValue
  getHeaders(): Record<string, ReplyHeaderValue>
  removeHeader(name: string): this
  hasHeader(name: string): boolean
  type(contentType: string): this
  /** the media type of the content-type header set so far (`text/html`), without parameters */
  readonly mediaType: string | undefined
  /**
   * Sends `103 Early Hints` (HTTP/1 and HTTP/2) before the response; `callback` once written.
   * @example
   * reply.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' })
   */
  writeEarlyHints(hints: Record<string, string | string[]>, callback?: () => void): this
  serializer(fn: SerializerFunction): this
  serialize(payload: unknown): string
  redirect(url: string, code?: number): this
  redirect(code: number, url: string): this
  /** Continues with the not-found handler of the request's prefix. */
  callNotFound(): this
  hijack(): this
  getResponseTime(): number
  hasTrailer(name: string): boolean
  removeTrailer(name: string): this
  /**
   * The payload is checked against the response schema of the status code (`code(C)`). A web
   * `ReadableStream` is streamed; a fetch `Response` gives its status, headers and body.
   * @example
   * return fetch(upstreamUrl) // a Response: proxied as it is
   */
  send(
    payload?: PayloadAt<G, this[typeof kStatusType]> | Error | WebReadableStream | Response,
  ): this
  /**
   * Adds an HTTP trailer, sent after the body (the response goes out chunked, with a
   * `Trailer` header naming it). Names that may not be trailers throw FST_ERR_BAD_TRAILER_NAME.
   * @example
   * reply.trailer('server-timing', async () => `db;dur=${elapsed}`)
   */
  trailer(name: string, fn: Trailer): this
  /**
   * The reply is thenable: `await reply` waits until the response has finished (it rejects if
   * the response fails), so a handler may send later, from a callback, and `await reply`.
   */
  then(fulfilled: () => void, rejected?: (err: Error) => void): void
  /** A decorator of this reply (Fastify 5's; a function comes bound to the reply). */
  getDecorator<T = unknown>(name: string | symbol): T
}
