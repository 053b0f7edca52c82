// Everything arbor's entry points hand out, as one module. scripts/bundle-entry.ts bundles it
// into dist/arbor.cjs, a CommonJS file, and every entry of the package (`arbor`,
// `arbor/fastify4`, `arbor/fastify5`, `arbor/bearer-auth`, from `import` or `require`) is a
// few lines that read their part of it. CommonJS first, as Fastify is: jest's module system
// and every loader without require(esm) can load it, and whichever way an application reaches
// arbor, the process holds one copy of its state and of its error classes.
import { 'module.exports' as commonjsFactory } from './commonjs.ts'
import * as index from './index.ts'
import * as internals from './internals/index.ts'
import { lineFactory } from './line-entry.ts'
import * as bearerAuth from './plugins/bearer-auth/index.ts'

/** `require('arbor')`: the factory with every export of index.ts on it. */
export const arbor = commonjsFactory
/** `import ... from 'arbor'`: the module's exports, one by one. */
export { bearerAuth, index, internals }
export const fastify4 = lineFactory(4)
export const fastify5 = lineFactory(5)
