// `arbor/fastify5`: arbor with Fastify 5's behaviour wherever the two lines differ
// (docs/fastify-lines.md). ESM: `import fastify from 'arbor/fastify5'`; CommonJS:
// `require('arbor/fastify5')` returns the factory with every export on it, through
// require(esm) and the 'module.exports' name, as commonjs.ts explains.
import { lineFactory } from './line-entry.ts'

const fastify = lineFactory(5)

export * from './index.ts'
export { fastify, fastify as arbor, fastify as default, fastify as 'module.exports' }
