import { type Instance, kState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'

/** A method shorthand, as the instance holds it: `this` is the instance it is called on. */
export type ShorthandFunction = (
  this: Instance,
  path: string,
  options: unknown,
  handler?: unknown,
) => Instance

/**
 * A shorthand for one method (spec "shorthand route methods"): `(path, handler)`,
 * `(path, options, handler)` or `(path, options-with-handler)`. `addHttpMethod` decorates the
 * instance with one for each method it adds.
 */
export function routeShorthand(method: string): ShorthandFunction {
  return function (this: Instance, path: string, options: unknown, handler?: unknown) {
    return shorthand(this, method, path, options, handler)
  }
}

/**
 * The shorthands of every app: Fastify 4's, plus Fastify 5's `trace` and `query` (RFC 10008),
 * and `all`, which routes every method the app supports when it is called.
 */
export const shorthandMethods = {
  get: routeShorthand('GET'),
  head: routeShorthand('HEAD'),
  post: routeShorthand('POST'),
  put: routeShorthand('PUT'),
  delete: routeShorthand('DELETE'),
  options: routeShorthand('OPTIONS'),
  patch: routeShorthand('PATCH'),
  trace: routeShorthand('TRACE'),
  query: routeShorthand('QUERY'),
  all(this: Instance, path: string, options: unknown, handler?: unknown): Instance {
    return shorthand(this, this[kState].root.methods.list(), path, options, handler)
  },
}

// Fastify's prepareRoute: options beside a handler must be a plain object; options alone
// (no function) are route options that must then hold the handler.
function shorthand(
  instance: Instance,
  method: string | string[],
  url: string,
  options: unknown,
  handler: unknown,
): Instance {
  if (typeof url !== 'string') throw new errorCodes.FST_ERR_INVALID_URL(typeof url)
  let given = options as Record<string, unknown> | undefined | null
  if (handler === undefined && typeof options === 'function') {
    handler = options
    given = {}
  } else if (typeof handler === 'function') {
    if (Object.prototype.toString.call(options) !== '[object Object]') {
      throw new errorCodes.FST_ERR_ROUTE_OPTIONS_NOT_OBJ(String(method), url)
    }
    if (given?.handler) {
      if (typeof given.handler === 'function') {
        throw new errorCodes.FST_ERR_ROUTE_DUPLICATED_HANDLER(String(method), url)
      }
      throw new errorCodes.FST_ERR_ROUTE_HANDLER_NOT_FN(String(method), url)
    }
  }
  return instance.route({
    ...(typeof given === 'object' ? given : {}),
    method,
    url,
    path: url,
    handler: handler || given?.handler,
    // checked by route() itself; `never` because the caller's instance type varies by chain
  } as never)
}
