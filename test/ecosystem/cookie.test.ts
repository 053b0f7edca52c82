// @fastify/cookie 9 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/cookie.test.ts), are in cases/cookie.ts.
import cookie from '@fastify/cookie'
import arbor from '../../src/index.ts'
import { cookieCases } from './cases/cookie.ts'

cookieCases({
  plugin: cookie,
  app: arbor,
  label: '@fastify/cookie',
  // cookie 9 adds no attribute of its own to a Set-Cookie.
  defaultAttributes: '',
  cleared: 'session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
  parsesPlainObject: true,
})
