// The CommonJS face of arbor, referenced only from package.json's `require` conditions.
// Node (20.19+, 22.12+) loads this ES module for `require('arbor')` through require(esm),
// and because it exports the name 'module.exports', `require` returns that value rather
// than a module namespace: the very factory that `import arbor from 'arbor'` gives, with
// every export of index.ts on it as a property, as `require('fastify')` does. Both paths
// share one module graph, so there is one copy of arbor's state and of its error classes.
import * as api from './index.ts'
import { putExports } from './line-entry.ts'

type CommonJsExports = typeof api.default & typeof api

const factory = api.default as CommonJsExports

// Every value export of index.ts (`default`, `arbor`, `fastify`, `plugin`, `errorCodes`,
// `ArborError`, ...), picked up by enumeration so that a new export is never missed.
putExports(factory, api)

// `require` returns 'module.exports', never this module's namespace, so the re-exports serve
// TypeScript alone: they describe the same values, so a CommonJS TypeScript file that writes
// `import arbor, { plugin, type ArborInstance } from 'arbor'` gets arbor's types.
export * from './index.ts'
export { default } from './index.ts'
export { factory as 'module.exports' }
