// @fastify/multipart 10 (the Fastify 5 major) on arbor, in both lines; the cases, shared with
// the Fastify 4 major (test/ecosystem/multipart.test.ts), are in ../ecosystem/cases/multipart.ts.
import multipart from '@fastify/multipart-v5'
import { multipartCases, type Saved } from '../ecosystem/cases/multipart.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  multipartCases({
    plugin: multipart,
    app: line.app,
    label: `@fastify/multipart 10 (${line.name})`,
    // multipart 10's saveRequestFiles() resolves { files, values } (multipart 8: the array).
    savedFiles: (result) => (result as { files: Saved[] }).files,
  })
}
