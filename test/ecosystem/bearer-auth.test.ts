// @fastify/bearer-auth 9 (the Fastify 4 major; the ecosystem plugin, not arbor/bearer-auth) on
// arbor; the cases, shared with the Fastify 5 major (test/ecosystem-v5/bearer-auth.test.ts), are
// in cases/bearer-auth.ts.
import auth from '@fastify/auth'
import bearerAuth from '@fastify/bearer-auth'
import arbor from '../../src/index.ts'
import { bearerAuthCases } from './cases/bearer-auth.ts'

bearerAuthCases({ plugin: bearerAuth, app: arbor, label: '@fastify/bearer-auth', auth })
