// @fastify/static 7 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/static.test.ts), are in cases/static.ts.
import fastifyStatic from '@fastify/static'
import arbor from '../../src/index.ts'
import { staticCases } from './cases/static.ts'

staticCases({
  plugin: fastifyStatic,
  app: arbor,
  label: '@fastify/static',
  // static 7's 403 for a path traversal carries no code.
  forbiddenCode: undefined,
})
