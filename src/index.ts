// arbor's public entry: it wires the parts together and holds no logic of its own.
import { arbor } from './context/create.ts'

export { arbor }
export default arbor

export type {
  BodyParser,
  ContentTypeParserFn,
  ContentTypeParserOptions,
  StreamParser,
} from './content/parsers.ts'
export type { ApplicationHookName, HookName, RequestHookName } from './context/hooks.ts'
export type { ArborInstance } from './context/instance.ts'
export { type PluginMeta, plugin } from './context/plugin-meta.ts'
export type {
  ArborPluginAsync,
  ArborPluginCallback,
  ArborPluginOptions,
} from './context/plugin-types.ts'
export { ArborError, type ArborErrorClass, type ErrorCode, errorCodes } from './errors.ts'
export type { ArborLogger } from './logger.ts'
export type { AjvFactoryOptions, ArborOptions, PoisoningAction } from './options.ts'
export type { ArborReply } from './reply.ts'
export type { ArborRequest, RequestRouteOptions } from './request.ts'
export type { ListenOptions } from './server.ts'
export type {
  ArborErrorLike,
  DoneCallback,
  ErrorHandler,
  HTTPMethod,
  HttpPart,
  JSONSchema,
  NotFoundHandler,
  RouteGenericInterface,
  RouteHandler,
  RouteHooks,
  RouteOptions,
  RouteSchema,
  SchemaErrorFormatter,
  SchemaValidationError,
  SerializerCompiler,
  SerializerCompilerInput,
  SerializerFunction,
  ShorthandRouteOptions,
  ValidationResult,
  ValidatorCompiler,
  ValidatorCompilerInput,
  ValidatorFunction,
} from './types.ts'

/** The factory under Fastify's name, so `import { fastify } from 'arbor'` works as with Fastify. */
export { arbor as fastify }
