// @fastify/env 4 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/env.test.ts), are in cases/env.ts.
import env from '@fastify/env'
import arbor from '../../src/index.ts'
import { envCases } from './cases/env.ts'

envCases({ plugin: env, app: arbor, label: '@fastify/env' })
