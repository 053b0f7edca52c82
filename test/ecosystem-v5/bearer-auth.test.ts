// @fastify/bearer-auth 10 (the Fastify 5 major; the ecosystem plugin, not arbor/bearer-auth) on
// arbor, in both lines, with @fastify/auth 5; the cases, shared with the Fastify 4 major
// (test/ecosystem/bearer-auth.test.ts), are in ../ecosystem/cases/bearer-auth.ts.
import auth from '@fastify/auth-v5'
import bearerAuth from '@fastify/bearer-auth-v5'
import { bearerAuthCases } from '../ecosystem/cases/bearer-auth.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  bearerAuthCases({
    plugin: bearerAuth,
    app: line.app,
    label: `@fastify/bearer-auth 10 (${line.name})`,
    auth,
  })
}
