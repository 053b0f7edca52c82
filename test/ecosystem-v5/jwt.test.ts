// @fastify/jwt 10 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/jwt.test.ts), are in ../ecosystem/cases/jwt.ts.
import cookie from '@fastify/cookie-v5'
import jwt from '@fastify/jwt-v5'
import { jwtCases } from '../ecosystem/cases/jwt.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  jwtCases({
    plugin: jwt,
    app: line.app,
    label: `@fastify/jwt 10 (${line.name})`,
    cookie,
    // cookie 11 adds SameSite=Lax by default (cookie 9 added nothing).
    cookieDefaultAttributes: '; SameSite=Lax',
  })
}
