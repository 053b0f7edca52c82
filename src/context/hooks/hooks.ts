import { errorCodes } from '../../errors.ts'
import { applicationHookNames, type HookName, requestHookNames } from '../../types/hook-names.ts'

// How many arguments a callback-style hook takes (its last one is `done`).
const callbackArity: Record<HookName, number> = {
  onRequest: 3,
  preParsing: 4,
  preValidation: 3,
  preHandler: 3,
  preSerialization: 4,
  onSend: 4,
  onResponse: 3,
  onError: 4,
  onTimeout: 3,
  onRequestAbort: 2, // (request, done), as in Fastify
  onRoute: Number.POSITIVE_INFINITY,
  onRegister: Number.POSITIVE_INFINITY,
  onReady: 1,
  onListen: 1,
  preClose: 1,
  onClose: 2,
}

export type AnyHook = (...args: never[]) => unknown

/** A context's own hooks by name. A child starts with a copy of its parent's (Fastify's rule). */
export type HookStore = Record<HookName, AnyHook[]>

export function emptyHookStore(): HookStore {
  const store = {} as HookStore
  for (const name of requestHookNames) store[name] = []
  for (const name of applicationHookNames) store[name] = []
  return store
}

export function copyHookStore(parent: HookStore): HookStore {
  const store = {} as HookStore
  for (const name of Object.keys(parent) as HookName[]) store[name] = parent[name].slice()
  return store
}

export function isHookName(name: unknown): name is HookName {
  return typeof name === 'string' && name in callbackArity
}

/**
 * Throws the Fastify error for a hook that cannot be registered, by `addHook` or as a route
 * option. Fastify describes the value as `Object.prototype.toString` does (`[object Number]`),
 * except a `null` or `undefined` given to `addHook`, which it prints as is.
 */
export function checkHook(
  name: unknown,
  fn: unknown,
  from: 'addHook' | 'route' = 'addHook',
): asserts name is HookName {
  if (typeof name !== 'string') throw new errorCodes.FST_ERR_HOOK_INVALID_TYPE()
  if (!isHookName(name)) throw new errorCodes.FST_ERR_HOOK_NOT_SUPPORTED(name)
  if (typeof fn !== 'function') {
    const described =
      fn == null && from === 'addHook' ? String(fn) : Object.prototype.toString.call(fn)
    throw new errorCodes.FST_ERR_HOOK_INVALID_HANDLER(name, described)
  }
  if (
    isAsync(fn) &&
    fn.length >= callbackArity[name] &&
    callbackArity[name] !== Number.POSITIVE_INFINITY
  ) {
    throw new errorCodes.FST_ERR_HOOK_INVALID_ASYNC_HANDLER()
  }
}

export function isAsync(fn: Function): boolean {
  return fn.constructor.name === 'AsyncFunction'
}
