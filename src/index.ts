// arbor's public entry: it wires the parts together and holds no logic of its own.
import { arbor } from './server/create-app.ts'

// `fastify`: the factory under Fastify's name, so `import { fastify } from 'arbor'` works as with Fastify.
export { arbor, arbor as fastify }
export default arbor

export type { Http2Limits } from './config/http2-limits.ts'
export type { AjvFactoryOptions, ArborOptions } from './config/options.ts'
export type { RouterOptions } from './config/router-options.ts'
export { type PluginMeta, plugin } from './context/loader/plugin-meta.ts'
export { ArborError, type ArborErrorClass, type ErrorCode, errorCodes } from './errors.ts'
export { type CloseOnSignalsOptions, closeOnSignals } from './server/shutdown.ts'
export type { ContentTypeParserOptions, PoisoningAction } from './types/content.ts'
export type { ApplicationHookName, HookName, RequestHookName } from './types/hook-names.ts'
export type { HTTPMethod, RouteGenericInterface } from './types/http.ts'
export type {
  ContextDescription,
  InspectedItem,
  PrintContextsOptions,
  RouteDescription,
} from './types/inspect.ts'
export type {
  AddHttpMethodOptions,
  ArborErrorLike,
  ArborInstance,
  ArborInstanceWith,
  ArborPluginAsync,
  ArborPluginCallback,
  ArborPluginOptions,
  ArborReply,
  ArborRequest,
  BodyParser,
  ChildLoggerFactory,
  ContentTypeParserFn,
  DoneCallback,
  ErrorHandler,
  FindRouteOptions,
  FoundRoute,
  NotFoundHandler,
  ReplyFor,
  RequestFor,
  RequestRouteOptions,
  RouteHandler,
  RouteHooks,
  RouteOptions,
  RouteShorthand,
  RouteTypesOf,
  ShorthandRouteOptions,
  StreamParser,
  WrappedPlugin,
} from './types/instance.ts'
export type { ArborLogger, ChildLoggerOptions } from './types/logger.ts'
export type { ConstraintStrategy, TrustProxy } from './types/routing.ts'
export type {
  HttpPart,
  JSONSchema,
  RouteSchema,
  RouteSchemaPart,
  SchemaBucket,
  SchemaControllerOptions,
  SchemaErrorFormatter,
  SchemaValidationError,
  SerializerCompiler,
  SerializerCompilerInput,
  SerializerFunction,
  ValidationResult,
  ValidatorCompiler,
  ValidatorCompilerInput,
  ValidatorFunction,
} from './types/schema.ts'
export type { ListenOptions } from './types/server.ts'
export type { InferInput, InferOutput, StandardSchema } from './types/standard-schema.ts'
export type {
  ArborSchemaProvider,
  ArborSharedSchemas,
  ArborSplitTypeProvider,
  ArborTypeProvider,
  CallTypeProvider,
  SchemaSide,
  SchemaToType,
} from './types/type-provider.ts'
