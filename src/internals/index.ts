// `arbor/fastify-internals`: what the stand-in packages (packages/fastify4, packages/fastify5)
// hand out as Fastify's internal modules, `fastify/lib/symbols.js` and the rest
// (docs/migrating-from-fastify.md lists them). Not for applications written for arbor: these
// are Fastify's names for arbor's parts, for the packages that reach into Fastify.
import './symbol-keys.ts'

export { fastifySymbols as symbols } from '../config/fastify-symbols.ts'
export { errors, logger, pluginOverride, pluginUtils, warnings } from './modules.ts'
export { FastifyReply as Reply, FastifyRequest as Request } from './reply.ts'
export { meaningfulKeys } from './symbol-keys.ts'
