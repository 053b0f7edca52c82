import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import type { ArborInstance } from './context/instance.ts'
import type { ArborReply } from './reply.ts'
import type { ArborRequest } from './request.ts'

/** The HTTP methods a route may declare (Fastify 4's list). */
export const supportedMethods = [
  'DELETE',
  'GET',
  'HEAD',
  'PATCH',
  'POST',
  'PUT',
  'OPTIONS',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'TRACE',
  'SEARCH',
  'REPORT',
  'MKCALENDAR',
] as const

export type HTTPMethod = (typeof supportedMethods)[number]

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

/** A JSON Schema object as written by the application (draft 7). */
export type JSONSchema = Record<string, unknown>

/** The `schema` option of a route (spec "Route schema object"). */
export interface RouteSchema {
  body?: JSONSchema
  querystring?: JSONSchema
  query?: JSONSchema
  params?: JSONSchema
  headers?: JSONSchema
  response?: Record<string | number, JSONSchema>
  [keyword: string]: unknown
}

export type HttpPart = 'body' | 'querystring' | 'params' | 'headers'

/** What a validation function returns: Ajv's boolean style or the `{ value } | { error }` style. */
export type ValidationResult =
  | boolean
  | { value?: unknown; error?: unknown }
  | Promise<unknown>
  | undefined
  | null
export type ValidatorFunction = ((data: unknown) => ValidationResult) & { errors?: unknown }

/** The spec's validator compiler input: `{ schema, method, url, httpPart }`. */
export interface ValidatorCompilerInput {
  schema: JSONSchema
  method: string
  url: string
  httpPart: HttpPart
}
export type ValidatorCompiler = (input: ValidatorCompilerInput) => ValidatorFunction

/** The spec's serializer compiler input: `{ schema, method, url, httpStatus, contentType }`. */
export interface SerializerCompilerInput {
  schema: JSONSchema
  method: string
  url: string
  httpStatus: string
  contentType?: string
}
export type SerializerFunction = (payload: unknown) => string
export type SerializerCompiler = (input: SerializerCompilerInput) => SerializerFunction

/** One schema validation error, as Ajv reports it. */
export interface SchemaValidationError {
  keyword?: string
  instancePath?: string
  schemaPath?: string
  params?: Record<string, unknown>
  message?: string
  [key: string]: unknown
}
export type SchemaErrorFormatter = (errors: SchemaValidationError[], dataVar: string) => Error

export type DoneCallback = (err?: Error | null) => void

export type RouteHandler<G extends RouteGenericInterface = RouteGenericInterface> = (
  this: ArborInstance,
  request: ArborRequest<G>,
  reply: ArborReply<G>,
) => unknown

export type ErrorHandler = (
  this: ArborInstance,
  error: ArborErrorLike,
  request: ArborRequest,
  reply: ArborReply,
) => unknown

export type NotFoundHandler = RouteHandler

/** What arbor hands an error handler: an Error, possibly carrying HTTP and validation facts. */
export interface ArborErrorLike extends Error {
  code?: string
  statusCode?: number
  status?: number
  validation?: unknown
  validationContext?: string
}

// ---- hooks ----

export type RequestHook = (
  this: ArborInstance,
  request: ArborRequest,
  reply: ArborReply,
  done: DoneCallback,
) => unknown
export type PayloadHook<P = unknown> = (
  this: ArborInstance,
  request: ArborRequest,
  reply: ArborReply,
  payload: P,
  done: (err?: Error | null, payload?: P) => void,
) => unknown
export type ErrorHook = (
  this: ArborInstance,
  request: ArborRequest,
  reply: ArborReply,
  error: ArborErrorLike,
  done: DoneCallback,
) => unknown

/** onRequestAbort gets no reply: the client is gone (Fastify's signature). */
export type RequestAbortHook = (
  this: ArborInstance,
  request: ArborRequest,
  done: DoneCallback,
) => unknown

/** The signature of each hook `addHook` accepts, by name (docs/hooks.md). */
export interface HookSignatures {
  onRequest: RequestHook
  preParsing: PayloadHook<Readable>
  preValidation: RequestHook
  preHandler: RequestHook
  preSerialization: PayloadHook
  onSend: PayloadHook
  onResponse: RequestHook
  onError: ErrorHook
  onTimeout: RequestHook
  onRequestAbort: RequestAbortHook
  onRoute: (this: ArborInstance, options: RouteOptions) => void
  onRegister: (instance: ArborInstance, options: Record<string, unknown>) => void
  onReady: (this: ArborInstance, done: DoneCallback) => unknown
  onListen: (this: ArborInstance, done: DoneCallback) => unknown
  preClose: (this: ArborInstance, done: DoneCallback) => unknown
  onClose: (instance: ArborInstance, done: DoneCallback) => unknown
}

export interface RouteHooks {
  onRequest?: RequestHook | RequestHook[]
  preParsing?: PayloadHook<Readable> | PayloadHook<Readable>[]
  preValidation?: RequestHook | RequestHook[]
  preHandler?: RequestHook | RequestHook[]
  preSerialization?: PayloadHook | PayloadHook[]
  onSend?: PayloadHook | PayloadHook[]
  onResponse?: RequestHook | RequestHook[]
  onError?: ErrorHook | ErrorHook[]
  onTimeout?: RequestHook | RequestHook[]
  onRequestAbort?: RequestAbortHook | RequestAbortHook[]
}

/** The options object of `route()` and of the shorthands. */
export interface RouteOptions<G extends RouteGenericInterface = RouteGenericInterface>
  extends RouteHooks {
  method: string | string[]
  url?: string
  path?: string
  handler: RouteHandler<G>
  schema?: RouteSchema
  attachValidation?: boolean
  config?: Record<string, unknown>
  errorHandler?: ErrorHandler
  validatorCompiler?: ValidatorCompiler
  serializerCompiler?: SerializerCompiler
  schemaErrorFormatter?: SchemaErrorFormatter
  bodyLimit?: number
  logLevel?: string
  exposeHeadRoute?: boolean
  constraints?: Record<string, unknown>
  prefixTrailingSlash?: 'slash' | 'no-slash' | 'both'
  /** set by arbor for onRoute: the prefix of the route's context */
  prefix?: string
  /** set by arbor for onRoute: the path as written, without the prefix */
  routePath?: string
}

/** Route options given to a shorthand (`get`, `post`, …): method and url come from the call. */
export type ShorthandRouteOptions<G extends RouteGenericInterface = RouteGenericInterface> = Omit<
  RouteOptions<G>,
  'method' | 'url' | 'path' | 'handler'
> & { handler?: RouteHandler<G> }

export type { IncomingMessage, ServerResponse }
