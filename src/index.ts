// arbor's public entry: it wires the parts together and holds no logic of its own.
import { arbor } from './server/create-app.ts'

export { arbor }
export default arbor

export type { AjvFactoryOptions, ArborOptions } from './config/options.ts'
export { type PluginMeta, plugin } from './context/plugin-meta.ts'
export { ArborError, type ArborErrorClass, type ErrorCode, errorCodes } from './errors.ts'
export { type CloseOnSignalsOptions, closeOnSignals } from './server/shutdown.ts'
export type { ContentTypeParserOptions, PoisoningAction } from './types/content.ts'
export type { ApplicationHookName, HookName, RequestHookName } from './types/hook-names.ts'
export type { HTTPMethod, RouteGenericInterface } from './types/http.ts'
export type {
  ArborErrorLike,
  ArborInstance,
  ArborPluginAsync,
  ArborPluginCallback,
  ArborPluginOptions,
  ArborReply,
  ArborRequest,
  BodyParser,
  ContentTypeParserFn,
  DoneCallback,
  ErrorHandler,
  NotFoundHandler,
  RequestRouteOptions,
  RouteHandler,
  RouteHooks,
  RouteOptions,
  ShorthandRouteOptions,
  StreamParser,
} from './types/instance.ts'
export type { ArborLogger } from './types/logger.ts'
export type {
  HttpPart,
  JSONSchema,
  RouteSchema,
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

/** The factory under Fastify's name, so `import { fastify } from 'arbor'` works as with Fastify. */
export { arbor as fastify }
