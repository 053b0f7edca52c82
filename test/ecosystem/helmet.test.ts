// @fastify/helmet 11 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/helmet.test.ts), are in cases/helmet.ts.
import helmet from '@fastify/helmet'
import arbor from '../../src/index.ts'
import { helmetCases } from './cases/helmet.ts'

// helmet 11 (helmet 7) sends Strict-Transport-Security max-age=15552000 (180 days).
helmetCases({ plugin: helmet, app: arbor, label: '@fastify/helmet', hstsMaxAge: 15_552_000 })
