// @fastify/cors 11 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/cors.test.ts), are in ../ecosystem/cases/cors.ts.
import cors from '@fastify/cors-v5'
import { corsCases } from '../ecosystem/cases/cors.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  corsCases({ plugin: cors, app: line.app, label: `@fastify/cors 11 (${line.name})` })
}
