// The CommonJS face of arbor: what `require('arbor')` returns. It is the very factory that
// `import arbor from 'arbor'` gives, with every export of index.ts on it as a property, as
// `require('fastify')` does. The package's dist/index.cjs hands it out from the one CommonJS
// bundle (bundle.ts); this module's declarations are the `require` condition's types, and
// its 'module.exports' name serves a loader that reaches this file through require(esm).
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
