import { type Instance, kState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import { supportedMethods } from '../types/http.ts'
import type { RouteOptions } from '../types/instance.ts'
import type { PrintRoutesOptions } from '../types/server.ts'
import { printRoutes } from './print-routes.ts'
import { addRoute } from './routes.ts'

/** The instance's route methods: `route`, the shorthands, `hasRoute`, `printRoutes`. */
export const routeMethods = {
  /** Registers a route (spec "Route options"). */
  route(this: Instance, options: RouteOptions) {
    addRoute(this[kState], options)
    return this
  },
  /** Whether a route exists for a method and url (and constraints). */
  hasRoute(
    this: Instance,
    options: { method: string; url: string; constraints?: Record<string, unknown> },
  ): boolean {
    return this[kState].root.router.hasRoute(
      options.method.toUpperCase() as never,
      options.url,
      options.constraints ?? {},
    )
  },
  /** The route tree, as text. */
  printRoutes(this: Instance, options?: PrintRoutesOptions): string {
    return printRoutes(this[kState].root, options)
  },
  ...shorthandMethods(),
}

// The method shorthands (spec "shorthand route methods"): `(path, handler)`,
// `(path, options, handler)` or `(path, options-with-handler)`.
function shorthandMethods(): Record<string, Function> {
  const table: Array<[name: string, method: string | string[]]> = [
    ['get', 'GET'],
    ['head', 'HEAD'],
    ['post', 'POST'],
    ['put', 'PUT'],
    ['delete', 'DELETE'],
    ['options', 'OPTIONS'],
    ['patch', 'PATCH'],
    ['all', [...supportedMethods]],
  ]
  const methods: Record<string, Function> = {}
  for (const [name, method] of table) {
    methods[name] = function (this: Instance, path: string, options: unknown, handler?: unknown) {
      return shorthand(this, method, path, options, handler)
    }
  }
  return methods
}

function shorthand(
  instance: Instance,
  method: string | string[],
  path: string,
  a: unknown,
  b: unknown,
): Instance {
  let options: Record<string, unknown>
  if (typeof a === 'function') {
    options = { handler: a }
  } else {
    if (a === null || typeof a !== 'object') {
      throw new errorCodes.FST_ERR_ROUTE_OPTIONS_NOT_OBJ(String(method), path)
    }
    const given = a as Record<string, unknown>
    if (b !== undefined && given.handler !== undefined) {
      throw new errorCodes.FST_ERR_ROUTE_DUPLICATED_HANDLER(String(method), path)
    }
    options = { ...given, handler: b ?? given.handler }
  }
  return instance.route({ ...options, method, url: path } as unknown as RouteOptions)
}
