import { type ContextState, stateOf } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import type { RouteContext, ValidatorEntry } from '../request/route-context.ts'
import { replaceFluentBuilders } from '../schema/fluent.ts'
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
import type { RouteOptions } from '../types/instance.ts'
import type { SerializerCompiler, ValidatorCompiler, ValidatorFunction } from '../types/schema.ts'

// A route's schemas at ready: its request parts' validators and its responses' serializers.

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

/** Compiles (or, with compileSchemas 'lazy', checks) the route's schemas, at ready. */
export function compileSchemas(route: RouteContext): void {
  const schema = route.options.schema
  if (schema === undefined || schema === null) return
  // in the route's own schema object, after onRoute, as Fastify's build does
  replaceFluentBuilders(schema)
  const state = stateOf(route.instance)
  const { jsonShorthand, ajv, serializerOpts } = state.root.options
  const assignCoercedRoot = state.root.options.line.assignCoercedRoot
  // arbor's default compilers check now and compile on first use (compileSchemas 'lazy')
  const lazy = state.root.options.compileSchemas === 'lazy'
  const validators: ValidatorEntry[] = []
  const parts = partSchemas(schema, jsonShorthand)
  if (parts.length > 0) {
    const own = route.options.validatorCompiler ?? state.validatorCompiler
    // Only arbor's default engine gets header names lower-cased and Standard Schemas validated
    // by their library; a user's engine (Joi, a custom Ajv, a Fastify type provider's)
    // receives the schema as written, as in Fastify.
    const custom = !arborValidates(state, route.options)
    let compiler: ValidatorCompiler | undefined
    for (const [part, partSchema, mediaType] of parts) {
      let fn: ValidatorFunction
      const standard = custom ? undefined : standardSchemaOf(partSchema)
      if (standard !== undefined) {
        fn = standardValidator(standard, part)
      } else {
        // made on the first JSON Schema: a route of Standard Schemas alone never loads Ajv
        compiler ??= compilerFor(own ?? state.schemas.validatorCompiler(ajv), lazy)
        try {
          const compiled = compiler({
            schema: part === 'headers' && !custom ? lowerCaseHeaderNames(partSchema) : partSchema,
            method: route.method,
            url: route.url,
            httpPart: part,
            ...(mediaType === undefined ? {} : { contentType: mediaType }),
          })
          // Fastify 5 assigns a whole part's value that Ajv coerced (row assignCoercedRoot)
          fn = assignCoercedRoot ? assigningCoercedRoot(compiled, partSchema) : compiled
        } catch (err) {
          throw new errorCodes.FST_ERR_SCH_VALIDATION_BUILD(
            route.method,
            route.url,
            custom ? (err as Error).message : buildFailureReason(err),
          )
        }
      }
      if (mediaType === undefined) {
        validators.push([part, part, fn])
        continue
      }
      // `schema.body.content`: one entry for the body, its validator chosen by media type
      const last = validators.at(-1)
      const byType =
        last?.[0] === part && last[2] instanceof Map
          ? last[2]
          : new Map<string, ValidatorFunction>()
      if (byType.size === 0) validators.push([part, part, byType])
      byType.set(mediaType.toLowerCase(), fn)
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
