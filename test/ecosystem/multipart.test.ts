// @fastify/multipart 8 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5
// major (test/ecosystem-v5/multipart.test.ts), are in cases/multipart.ts.
import multipart from '@fastify/multipart'
import arbor from '../../src/index.ts'
import { multipartCases, type Saved } from './cases/multipart.ts'

multipartCases({
  plugin: multipart,
  app: arbor,
  label: '@fastify/multipart',
  // multipart 8's saveRequestFiles() resolves the array of files.
  savedFiles: (result) => result as Saved[],
})
