// @fastify/swagger-ui 4 (the Fastify 4 major, with @fastify/swagger 8) on arbor; the cases,
// shared with the Fastify 5 major (test/ecosystem-v5/swagger-ui.test.ts), are in
// cases/swagger-ui.ts.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import arbor from '../../src/index.ts'
import { swaggerUiCases } from './cases/swagger-ui.ts'

swaggerUiCases({ plugin: swaggerUi, app: arbor, label: '@fastify/swagger-ui', swagger })
