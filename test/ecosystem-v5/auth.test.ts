// @fastify/auth 5 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/auth.test.ts), are in ../ecosystem/cases/auth.ts.
import auth from '@fastify/auth-v5'
import { authCases } from '../ecosystem/cases/auth.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  authCases({ plugin: auth, app: line.app, label: `@fastify/auth 5 (${line.name})` })
}
