// @fastify/autoload 5 (the Fastify 4 major) on arbor, on ./fixtures/autoload; the cases, shared
// with the Fastify 5 major (test/ecosystem-v5/autoload.test.ts), are in cases/autoload.ts.
import { fileURLToPath } from 'node:url'
import arbor from '../../src/index.ts'
import { autoloadCases } from './cases/autoload.ts'

// autoload recognises tsx only when it is preloaded with --require; under `node --import tsx`
// it needs this switch to load .ts files. It is read once, before the plugin is imported.
process.env.FASTIFY_AUTOLOAD_TYPESCRIPT = '1'
const { default: autoload } = await import('@fastify/autoload')

autoloadCases({
  plugin: autoload,
  app: arbor,
  label: '@fastify/autoload',
  dir: fileURLToPath(new URL('./fixtures/autoload/', import.meta.url)),
})
