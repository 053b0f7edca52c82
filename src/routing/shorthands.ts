import type { Arbor } from '../context/instance.ts'
import { errorCodes } from '../errors.ts'
import { type RouteOptions, supportedMethods } from '../types.ts'

const shorthands: Array<[name: string, method: string | string[]]> = [
  ['get', 'GET'],
  ['head', 'HEAD'],
  ['post', 'POST'],
  ['put', 'PUT'],
  ['delete', 'DELETE'],
  ['options', 'OPTIONS'],
  ['patch', 'PATCH'],
  ['all', [...supportedMethods]],
]

/** Adds `get`, `post`, … to the instance prototype; their types are declared in instance.ts. */
export function installShorthands(prototype: Arbor): void {
  for (const [name, method] of shorthands) {
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value(this: Arbor, path: string, options: unknown, handler?: unknown) {
        return shorthand(this, method, path, options, handler)
      },
    })
  }
}

function shorthand(
  instance: Arbor,
  method: string | string[],
  path: string,
  a: unknown,
  b: unknown,
): Arbor {
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
