// @fastify/swagger-ui 6 (the Fastify 5 major, with @fastify/swagger 9 and @fastify/static 10) on
// arbor, in both lines; the cases, shared with the Fastify 4 major
// (test/ecosystem/swagger-ui.test.ts), are in ../ecosystem/cases/swagger-ui.ts.
import swaggerUi from '@fastify/swagger-ui-v5'
import swagger from '@fastify/swagger-v5'
import { swaggerUiCases } from '../ecosystem/cases/swagger-ui.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  swaggerUiCases({
    plugin: swaggerUi,
    app: line.app,
    label: `@fastify/swagger-ui 6 (${line.name})`,
    swagger,
  })
}
