// @fastify/accepts 5 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/accepts.test.ts), are in ../ecosystem/cases/accepts.ts.
import accepts from '@fastify/accepts-v5'
import { acceptsCases } from '../ecosystem/cases/accepts.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  acceptsCases({ plugin: accepts, app: line.app, label: `@fastify/accepts 5 (${line.name})` })
}
