// @fastify/cors 9 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/cors.test.ts), are in cases/cors.ts.
import cors from '@fastify/cors'
import arbor from '../../src/index.ts'
import { corsCases } from './cases/cors.ts'

corsCases({ plugin: cors, app: arbor, label: '@fastify/cors' })
