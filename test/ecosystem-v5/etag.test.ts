// @fastify/etag 6 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/etag.test.ts), are in ../ecosystem/cases/etag.ts.
import etag from '@fastify/etag-v5'
import { etagCases } from '../ecosystem/cases/etag.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  etagCases({ plugin: etag, app: line.app, label: `@fastify/etag 6 (${line.name})` })
}
