// @fastify/swagger 9 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/swagger.test.ts), are in ../ecosystem/cases/swagger.ts.
import swagger from '@fastify/swagger-v5'
import { swaggerCases } from '../ecosystem/cases/swagger.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  swaggerCases({ plugin: swagger, app: line.app, label: `@fastify/swagger 9 (${line.name})` })
}
