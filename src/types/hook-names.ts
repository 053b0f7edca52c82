/** Hooks that run for each request, in lifecycle order (docs/hooks.md). */
export const requestHookNames = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const
export type RequestHookName = (typeof requestHookNames)[number]

/** Hooks of the application itself (not of a request). */
export const applicationHookNames = [
  'onRoute',
  'onRegister',
  'onReady',
  'onListen',
  'preClose',
  'onClose',
] as const
export type ApplicationHookName = (typeof applicationHookNames)[number]
export type HookName = RequestHookName | ApplicationHookName
