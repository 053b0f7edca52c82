// @fastify/formbody 9 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/formbody.test.ts), are in ../ecosystem/cases/formbody.ts.
import formbody from '@fastify/formbody-v5'
import { formbodyCases } from '../ecosystem/cases/formbody.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  formbodyCases({ plugin: formbody, app: line.app, label: `@fastify/formbody 9 (${line.name})` })
}
