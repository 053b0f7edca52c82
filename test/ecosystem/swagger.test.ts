// @fastify/swagger 8 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/swagger.test.ts), are in cases/swagger.ts.
import swagger from '@fastify/swagger'
import arbor from '../../src/index.ts'
import { swaggerCases } from './cases/swagger.ts'

swaggerCases({ plugin: swagger, app: arbor, label: '@fastify/swagger' })
