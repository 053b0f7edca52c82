// @fastify/cookie 11 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/cookie.test.ts), are in ../ecosystem/cases/cookie.ts.
import cookie from '@fastify/cookie-v5'
import { cookieCases } from '../ecosystem/cases/cookie.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  cookieCases({
    plugin: cookie,
    app: line.app,
    label: `@fastify/cookie 11 (${line.name})`,
    // cookie 11 adds SameSite=Lax by default (cookie 9 added nothing), and clearCookie also
    // writes Max-Age=0.
    defaultAttributes: '; SameSite=Lax',
    // cookie 11 parses into a dictionary that inherits nothing (cookie 9: a plain object).
    parsesPlainObject: false,
    cleared: 'session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
  })
}
