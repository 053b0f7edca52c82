import { defaultChildLoggerFactory } from '../config/logger.ts'
import { replySerializerOf } from '../context/reply-serializer-methods.ts'
import { requestIdGeneratorOf } from '../context/request-id-methods.ts'
import { type ContextState, stateOf } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import type { BoundHook, RouteContext } from '../request/route-context.ts'
import { compilerFor } from '../schema/lazy.ts'
import {
  lowerCaseHeaderNames,
  partSchemas,
  type ResponseEntry,
  responseEntries,
} from '../schema/normalize.ts'
import { assigningCoercedRoot } from '../schema/root-coercion.ts'
import { compileResponseSchemas, createFastJsonCompiler } from '../schema/serialization.ts'
import { isStandardSchema, jsonSchemaOf, standardSchemaOf } from '../schema/standard-schema.ts'
import { standardSerializer, standardValidator } from '../schema/standard-validation.ts'
import { buildFailureReason } from '../schema/validation.ts'
import { type RequestHookName, requestHookNames } from '../types/hook-names.ts'
import type { RouteOptions } from '../types/instance.ts'
import type { ChildLoggerOptions } from '../types/logger.ts'
import type {
  HttpPart,
  SerializerCompiler,
  ValidatorCompiler,
  ValidatorFunction,
} from '../types/schema.ts'
import { placeCompiled } from './lazy-compile.ts'

// Building a route at ready: what addRoute (routes.ts) registered gets the hooks, error handler,
// loggers, validators and serializers of its context as they stand once everything loaded.

/** Resolves hooks, error handler, validators and serializers of a route (once, at ready). */
export function buildRoute(route: RouteContext): void {
  const state = stateOf(route.instance)
  const options = route.options
  route.Request = state.Request
  route.Reply = state.Reply
  // a not-found route answers every method: the request's decides (lifecycle/pipeline.ts)
  route.methodBody = route.isNotFound ? null : route.app.methods.bodyOf(route.method)
  route.parsers = state.parsers
  route.schemaErrorFormatter = options.schemaErrorFormatter ?? state.schemaErrorFormatter
  route.replySerializer = replySerializerOf(state)
  route.genReqId = requestIdGeneratorOf(state)
  route.errorHandler =
    options.errorHandler === undefined
      ? state.errorHandler
      : { func: options.errorHandler, instance: state.instance, parent: state.errorHandler }
  resolveLogger(route, state)
  for (const name of requestHookNames) route.setHooks(name, resolveHooks(route, name))
  compileSchemas(route)
  placeCompiled(route)
  route.built = true
}

/**
 * The request loggers of a route: its level and `logSerializers` over its context's, built
 * by the context's (or the route's) child logger factory. With Fastify's default factory the
 * route-level part is made once here, so a request only adds its id.
 */
function resolveLogger(route: RouteContext, state: ContextState): void {
  const options = route.options
  const loggerOptions: ChildLoggerOptions = {}
  // null and '' leave the context's level, as Fastify 5 reads them
  if (options.logLevel != null && options.logLevel !== '') loggerOptions.level = options.logLevel
  const serializers =
    options.logSerializers === undefined
      ? state.logSerializers
      : { ...state.logSerializers, ...options.logSerializers }
  if (serializers !== undefined) loggerOptions.serializers = serializers
  const factory = options.childLoggerFactory ?? state.childLoggerFactory
  if (factory === defaultChildLoggerFactory) {
    route.loggerFactory = null
    route.logger =
      loggerOptions.level === undefined && serializers === undefined
        ? state.logger
        : state.logger.child({}, loggerOptions)
  } else {
    route.loggerFactory = factory
    route.loggerOptions = loggerOptions
    route.logger = state.logger
  }
}

function resolveHooks(route: RouteContext, name: RequestHookName): BoundHook[] | null {
  const own = route.options[name]
  const all = stateOf(route.instance).hooks[name].concat((own ?? []) as never[])
  if (all.length === 0) return null
  return all.map((fn) => fn.bind(route.instance) as BoundHook)
}

/** Whether a route's request parts go to arbor's own validator (no user compiler). */
export function arborValidates(state: ContextState, options: RouteOptions): boolean {
  const own = options.validatorCompiler ?? state.validatorCompiler
  return own === undefined && !state.schemas.controller.customValidator
}

/** Whether a route's responses go to arbor's own serializer (no user compiler). */
export function arborSerializes(state: ContextState, options: RouteOptions): boolean {
  const own = options.serializerCompiler ?? state.serializerCompiler
  return own === undefined && state.schemas.controller.buildSerializer === createFastJsonCompiler
}

function compileSchemas(route: RouteContext): void {
  const schema = route.options.schema
  if (schema === undefined || schema === null) return
  const state = stateOf(route.instance)
  const { jsonShorthand, ajv, serializerOpts } = state.root.options
  const assignCoercedRoot = state.root.options.line.assignCoercedRoot
  // arbor's default compilers check now and compile on first use (compileSchemas 'lazy')
  const lazy = state.root.options.compileSchemas === 'lazy'
  const validators: Array<[HttpPart, string, ValidatorFunction]> = []
  const parts = partSchemas(schema, jsonShorthand)
  if (parts.length > 0) {
    const own = route.options.validatorCompiler ?? state.validatorCompiler
    // Only arbor's default engine gets header names lower-cased and Standard Schemas validated
    // by their library; a user's engine (Joi, a custom Ajv, a Fastify type provider's)
    // receives the schema as written, as in Fastify.
    const custom = !arborValidates(state, route.options)
    let compiler: ValidatorCompiler | undefined
    for (const [part, partSchema] of parts) {
      const standard = custom ? undefined : standardSchemaOf(partSchema)
      if (standard !== undefined) {
        validators.push([part, part, standardValidator(standard, part)])
        continue
      }
      // made on the first JSON Schema: a route of Standard Schemas alone never loads Ajv
      compiler ??= compilerFor(own ?? state.schemas.validatorCompiler(ajv), lazy)
      try {
        const fn = compiler({
          schema: part === 'headers' && !custom ? lowerCaseHeaderNames(partSchema) : partSchema,
          method: route.method,
          url: route.url,
          httpPart: part,
        })
        // Fastify 5 assigns a whole part's value that Ajv coerced (row assignCoercedRoot)
        validators.push([part, part, assignCoercedRoot ? assigningCoercedRoot(fn, partSchema) : fn])
      } catch (err) {
        throw new errorCodes.FST_ERR_SCH_VALIDATION_BUILD(
          route.method,
          route.url,
          custom ? (err as Error).message : buildFailureReason(err),
        )
      }
    }
  }
  route.validators = validators.length > 0 ? validators : null
  if (schema.response !== undefined && schema.response !== null) {
    const compiler: SerializerCompiler = compilerFor(
      route.options.serializerCompiler ??
        state.serializerCompiler ??
        state.schemas.serializerCompiler(serializerOpts),
      lazy,
    )
    const entries = responseEntries(schema.response, jsonShorthand)
    route.serializers = arborSerializes(state, route.options)
      ? compileResponseSchemas(
          entries.map(standardResponseAsJson),
          standardResponses(compiler),
          route.method,
          route.url,
        )
      : compileResponseSchemas(entries, compiler, route.method, route.url)
  }
}

/**
 * A response Standard Schema still here (an onRoute hook put it there after the conversion in
 * addRoute) is converted now; one that gives no JSON Schema stays, for standardResponses.
 */
function standardResponseAsJson([status, entry]: [string, ResponseEntry]): [string, ResponseEntry] {
  if (!('schema' in entry) || !isStandardSchema(entry.schema)) return [status, entry]
  const json = jsonSchemaOf(entry.schema, 'output')
  return json === null ? [status, entry] : [status, { schema: json }]
}

/**
 * arbor's serializer compiler, with a response Standard Schema that gives no JSON Schema
 * (valibot) checked by its library and sent with JSON.stringify (docs/validation.md).
 */
function standardResponses(compiler: SerializerCompiler): SerializerCompiler {
  return (input) =>
    isStandardSchema(input.schema)
      ? standardSerializer(input.schema, input.httpStatus)
      : compiler(input)
}
