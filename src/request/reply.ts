import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import { finished } from 'node:stream'
import { FSTDEP010, FSTDEP019 } from '../config/warnings.ts'
import { errorCodes } from '../errors.ts'
import type {
  ArborInstance,
  ErrorHandler,
  ReplyHeaderValue,
  ReplyTrailerFunction,
  RequestRouteOptions,
} from '../types/instance.ts'
import type { ArborLogger } from '../types/logger.ts'
import type { SerializerFunction } from '../types/schema.ts'
import { isVisible, readDecorator } from './decorator-access.ts'
import { headWritten } from './head-written.ts'
import {
  mediaTypeOfHeader,
  type Request,
  type RouteContextView,
  type RouteOfRequest,
  routeContextView,
} from './request.ts'

/** A link in a context's chain of error handlers; `func: null` is arbor's default handler. */
export interface ErrorHandlerLink {
  func: ErrorHandler | null
  instance: ArborInstance | null
  parent: ErrorHandlerLink | null
}

type HeaderValue = ReplyHeaderValue

// Headers that may not travel as trailers (RFC 9110 §6.5.1: framing, routing, auth, caching
// and content metadata a recipient needs before the body).
const forbiddenTrailers = new Set([
  'transfer-encoding',
  'content-length',
  'host',
  'cache-control',
  'max-forwards',
  'te',
  'authorization',
  'set-cookie',
  'content-encoding',
  'content-type',
  'content-range',
  'trailer',
])

/**
 * How a reply reaches the lifecycle layer above it: the functions are handed in when the
 * application is created (server/create-app.ts), so this layer never imports the pipeline.
 */
export interface ReplyLifecycle {
  sendReply(reply: Reply, payload: unknown): void
  serializeReply(reply: Reply, payload: unknown): string
  callNotFound(request: Request, reply: Reply): void
}

/** What a reply reads of its route (request/route-context.ts has the whole record). */
export interface RouteOfReply extends RouteOfRequest {
  app: ReplyLifecycle
}

/**
 * The root Reply class; each context extends it to carry its own decorators. Its type is
 * `ArborReply` (types/instance.ts). Generic over its route record, as Request is.
 */
export class Reply<Route extends RouteOfReply = RouteOfReply> {
  // Fields are declared, not defined: the constructor assigns each one, so every request has
  // one fixed shape, and no per-class field initializer runs (it showed up at 7-8% of CPU
  // with 100 plugins, each with its own subclass).
  declare raw: ServerResponse
  declare request: Request<Route>
  declare log: ArborLogger
  /** @internal */ declare route: Route
  /** @internal headers to write, lower-cased names */ declare outHeaders: Record<
    string,
    HeaderValue
  >
  /** @internal */ declare hasStatusCode: boolean
  /** @internal a payload is on its way; a later send() is a mistake */
  declare payloadStarted: boolean
  /** @internal */ declare hijacked: boolean
  /** @internal */ declare customSerializer: SerializerFunction | null
  /** @internal trailer functions by lower-cased name; a removed one is undefined */
  declare trailers: Record<string, ReplyTrailerFunction | undefined> | null
  /** @internal inside the synchronous part of a send() call */
  declare sendingSync: boolean
  /** @internal a payload of the wrong type met while sendingSync: send() throws it */
  declare invalidPayload: Error | null
  /** @internal the error handler to call next; null: the route's; false: none left */
  declare nextErrorHandler: ErrorHandlerLink | null | false
  /** @internal */ declare runningOnErrorHook: boolean
  /** @internal */ declare startTime: number

  constructor(raw: ServerResponse, request: Request<Route>, log: ArborLogger, route: Route) {
    this.raw = raw
    this.request = request
    this.log = log
    this.route = route
    this.outHeaders = {}
    this.hasStatusCode = false
    this.payloadStarted = false
    this.hijacked = false
    this.customSerializer = null
    this.trailers = null
    this.sendingSync = false
    this.invalidPayload = null
    this.nextErrorHandler = null
    this.runningOnErrorHook = false
    // node:perf_hooks' object, not the global: `globalThis.performance` is a lazy accessor
    // that node runs on every read, and this runs once a request
    this.startTime = performance.now()
  }

  get server(): ArborInstance {
    return this.route.instance
  }

  get statusCode(): number {
    return this.raw.statusCode
  }
  set statusCode(value: number) {
    this.code(value)
  }

  get sent(): boolean {
    return this.hijacked || this.payloadStarted || this.raw.writableEnded
  }
  /** @deprecated FSTDEP010: use `reply.hijack()` (the Fastify 5 line has no setter: row replySentSettable) */
  set sent(value: boolean) {
    FSTDEP010()
    if (value !== true) throw new errorCodes.FST_ERR_REP_SENT_VALUE()
    this.hijacked = true
  }

  /** The matched route's options, as `request.routeOptions` (Fastify 5). */
  get routeOptions(): RequestRouteOptions {
    return this.route.requestRouteOptions
  }
  /** @deprecated FSTDEP019: use `request.routeOptions.config` / `.schema` */
  get context(): RouteContextView {
    FSTDEP019()
    return routeContextView(this.route)
  }

  get elapsedTime(): number {
    return performance.now() - this.startTime
  }
  getResponseTime(): number {
    return this.elapsedTime
  }
  /** Fastify 5's: a decorator's value, a function bound to this reply (decorator-access.ts). */
  getDecorator(name: string | symbol): unknown {
    const instance = this.route.instance
    const seen = isVisible(this, Reply, name, (key) => instance.hasReplyDecorator(key))
    return readDecorator(this, name, 'reply', seen)
  }

  code(statusCode: number): this {
    const n = Number(statusCode)
    if (Number.isNaN(n) || n < 100 || n > 599) {
      throw new errorCodes.FST_ERR_BAD_STATUS_CODE(String(statusCode))
    }
    // A fraction is dropped, as node's writeHead would (Fastify: `code(404.5)` answers 404).
    this.raw.statusCode = Math.trunc(n)
    this.hasStatusCode = true
    return this
  }
  status(statusCode: number): this {
    return this.code(statusCode)
  }

  header(name: string, value: unknown): this {
    const key = name.toLowerCase()
    const v = value === undefined ? '' : (value as HeaderValue)
    if (key === 'set-cookie' && this.outHeaders[key] !== undefined) {
      const prev = this.outHeaders[key]
      this.outHeaders[key] = ([] as string[]).concat(prev as string[], v as string[])
    } else {
      this.outHeaders[key] = Array.isArray(v) ? v : String(v)
    }
    return this
  }
  headers(values: Record<string, unknown>): this {
    for (const name of Object.keys(values)) this.header(name, values[name])
    return this
  }
  getHeader(name: string): HeaderValue {
    const key = name.toLowerCase()
    const own = this.outHeaders[key]
    return own !== undefined ? own : (this.raw.getHeader(key) as HeaderValue)
  }
  getHeaders(): Record<string, HeaderValue> {
    return {
      ...(this.raw.getHeaders() as OutgoingHttpHeaders as Record<string, HeaderValue>),
      ...this.outHeaders,
    }
  }
  removeHeader(name: string): this {
    const key = name.toLowerCase()
    delete this.outHeaders[key]
    if (!headWritten(this.raw)) this.raw.removeHeader(key)
    return this
  }
  hasHeader(name: string): boolean {
    const key = name.toLowerCase()
    return this.outHeaders[key] !== undefined || this.raw.hasHeader(key)
  }
  type(contentType: string): this {
    this.outHeaders['content-type'] = contentType
    return this
  }
  /** The media type of the content-type header as it stands now (`application/json`). */
  get mediaType(): string | undefined {
    return mediaTypeOfHeader(this.getHeader('content-type'))
  }

  /** Sends `103 Early Hints` with these headers (`link: ...`) before the response. */
  writeEarlyHints(hints: Record<string, string | string[]>, callback?: () => void): this {
    this.raw.writeEarlyHints(hints, callback)
    return this
  }

  send(payload?: unknown): this {
    this.route.app.sendReply(this, payload)
    return this
  }

  serializer(fn: SerializerFunction): this {
    this.customSerializer = fn
    return this
  }
  serialize(payload: unknown): string {
    return this.route.app.serializeReply(this, payload)
  }

  redirect(a: string | number, b?: string | number): this {
    const [url, code] = typeof a === 'number' ? [String(b), a] : [a, b as number | undefined]
    const status = code ?? (this.hasStatusCode && this.statusCode !== 200 ? this.statusCode : 302)
    this.header('location', url).code(status).send()
    return this
  }

  callNotFound(): this {
    this.route.app.callNotFound(this.request, this)
    return this
  }

  hijack(): this {
    this.hijacked = true
    return this
  }

  trailer(name: string, fn: ReplyTrailerFunction): this {
    const key = name.toLowerCase()
    if (forbiddenTrailers.has(key)) throw new errorCodes.FST_ERR_BAD_TRAILER_NAME(key)
    if (typeof fn !== 'function') throw new errorCodes.FST_ERR_BAD_TRAILER_VALUE(key, typeof fn)
    if (this.trailers === null) this.trailers = {}
    this.trailers[key] = fn
    return this
  }
  hasTrailer(name: string): boolean {
    return this.trailers?.[name.toLowerCase()] !== undefined
  }
  removeTrailer(name: string): this {
    if (this.trailers !== null) this.trailers[name.toLowerCase()] = undefined
    return this
  }

  /**
   * The reply is thenable, so `await reply` waits for the response to finish. A response
   * the client closed early still fulfills: only a failure of the response itself rejects.
   */
  // biome-ignore lint/suspicious/noThenProperty: the reply is thenable on purpose, as Fastify's is
  then(fulfilled: () => void, rejected?: (err: Error) => void): void {
    if (this.hijacked || this.raw.writableEnded) {
      fulfilled()
      return
    }
    finished(this.raw, (err) => {
      if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        if (rejected !== undefined) rejected(err)
        else this.log.warn({ err }, 'unhandled rejection on reply.then')
      } else {
        fulfilled()
      }
    })
  }
}
