// @fastify/jwt 8 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/jwt.test.ts), are in cases/jwt.ts.
import cookie from '@fastify/cookie'
import jwt from '@fastify/jwt'
import arbor from '../../src/index.ts'
import { jwtCases } from './cases/jwt.ts'

jwtCases({
  plugin: jwt,
  app: arbor,
  label: '@fastify/jwt',
  cookie,
  // cookie 9 adds no attribute of its own to a Set-Cookie.
  cookieDefaultAttributes: '',
})
