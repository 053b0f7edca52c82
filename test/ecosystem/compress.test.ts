// @fastify/compress 7 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/compress.test.ts), are in cases/compress.ts.
import compress from '@fastify/compress'
import arbor from '../../src/index.ts'
import { compressCases } from './cases/compress.ts'

compressCases({
  plugin: compress,
  app: arbor,
  label: '@fastify/compress',
  // compress 7 takes a route's config.compress as its compress option.
  readsConfigCompress: true,
})
