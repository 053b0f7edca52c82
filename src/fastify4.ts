// `arbor/fastify4`: arbor with Fastify 4's behaviour wherever the two lines differ
// (docs/fastify-lines.md). ESM: `import fastify from 'arbor/fastify4'`; CommonJS:
// `require('arbor/fastify4')` returns the factory with every export on it, through
// require(esm) and the 'module.exports' name, as commonjs.ts explains.
import { lineFactory } from './line-entry.ts'

const fastify = lineFactory(4)

export * from './index.ts'
export { fastify, fastify as arbor, fastify as default, fastify as 'module.exports' }
