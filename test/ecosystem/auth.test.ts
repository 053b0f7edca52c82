// @fastify/auth 4 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/auth.test.ts), are in cases/auth.ts.
import auth from '@fastify/auth'
import arbor from '../../src/index.ts'
import { authCases } from './cases/auth.ts'

authCases({ plugin: auth, app: arbor, label: '@fastify/auth' })
