// Every public interface of the instance, its requests, replies, handlers, hooks, routes and
// plugins, by the one path the rest of arbor imports them from. They are declared in
// instance-core.ts (those that refer to each other) and the files its interfaces extend.

export type { IncomingMessage, ServerResponse } from 'node:http'
export type { ArborErrorLike, DoneCallback } from './callbacks.ts'
export type {
  ArborInstance,
  ArborReply,
  ArborRequest,
  BodyParser,
  ChildLoggerFactory,
  ContentTypeParserFn,
  ErrorHandler,
  ErrorHook,
  FoundRoute,
  HookSignatures,
  NotFoundHandler,
  PayloadHook,
  PluginFunction,
  RegistrablePlugin,
  ReplyFor,
  ReplyTrailerFunction,
  RequestAbortHook,
  RequestFor,
  RequestHook,
  RouteHandler,
  RouteHooks,
  RouteOptions,
  RouteShorthand,
  RouteTypesOf,
  ShorthandRouteOptions,
  StreamParser,
} from './instance-core.ts'
export type { AddHttpMethodOptions, FindRouteOptions } from './instance-router.ts'
export type { ArborPluginOptions } from './plugin-options.ts'
export type {
  ArborInstanceWith,
  ArborPluginAsync,
  ArborPluginCallback,
  WrappedPlugin,
} from './plugins.ts'
export type { ReplyHeaderValue } from './reply-members.ts'
export type { RequestRouteOptions } from './request-members.ts'
