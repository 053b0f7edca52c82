// What `arbor/fastify4` and `arbor/fastify5` are made of: arbor's factory with one Fastify
// line chosen (config/fastify-lines.ts), carrying every export of index.ts as a property, as
// `require('fastify')` does. A harness or an app picks a line by the path it imports, with
// no change to its code; `fastifyLine` in the options still overrides the entry's choice.

import type { FastifyLineNumber } from './config/fastify-lines.ts'
import type { ArborOptions } from './config/options.ts'
import * as api from './index.ts'

export type LineFactory = typeof api.default & typeof api

/**
 * Puts every value of `exports` on `factory` as a property, as `require('fastify')` carries
 * Fastify's exports; commonjs.ts does it for `require('arbor')`.
 */
export function putExports(factory: Function, exports: object): void {
  for (const [name, value] of Object.entries(exports)) {
    Object.defineProperty(factory, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
}

/** The factory of one line, with every named export of arbor on it. */
export function lineFactory(line: FastifyLineNumber): LineFactory {
  const factory = function fastify(options?: ArborOptions) {
    // Anything but an options object goes to arbor() as given, for its FST_ERR_OPTIONS_NOT_OBJ.
    const given = options === undefined || options === null ? {} : options
    if (typeof given !== 'object' || Array.isArray(given)) return api.arbor(given)
    return api.arbor({ fastifyLine: line, ...given })
  } as LineFactory
  putExports(factory, api)
  // The factory names of this entry are the line's own factory, not the default line's.
  putExports(factory, { default: factory, arbor: factory, fastify: factory })
  return factory
}
