// @fastify/jwt 8 on arbor: app.jwt.sign, request.jwtVerify in an onRequest hook of the
// protected context, and the 401 it throws through arbor's error path.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import jwt from '@fastify/jwt'
import arbor, { type ArborInstance } from '../../src/index.ts'

const SECRET = 'a-jwt-secret-of-the-test-long-enough'

// The plugin types its decorators on FastifyInstance / FastifyRequest; on arbor they are plain
// properties, reached through these narrow views.
type JwtApp = { jwt: { sign(payload: object, options?: object): string } }
type JwtRequest = { jwtVerify(): Promise<unknown>; user: { sub: string; role: string } }

// root: POST /token ─┬─ protected (onRequest: jwtVerify): GET /me
//                    └─ GET /public
async function build() {
  const app = arbor()
  await app.register(jwt, { secret: SECRET })
  app.get('/public', async () => ({ public: true }))
  app.register(async (protectedContext: ArborInstance) => {
    protectedContext.addHook('onRequest', async (request) => {
      await (request as unknown as JwtRequest).jwtVerify()
    })
    protectedContext.get('/me', async (request) => {
      const { sub, role } = (request as unknown as JwtRequest).user
      return { sub, role }
    })
  })
  await app.ready()
  return app
}

test('@fastify/jwt: a protected route answers 401 without a token', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const res = await app.inject({ method: 'GET', url: '/me' })
  assert.equal(res.statusCode, 401)
  assert.deepEqual(res.json(), {
    statusCode: 401,
    code: 'FST_JWT_NO_AUTHORIZATION_IN_HEADER',
    error: 'Unauthorized',
    message: 'No Authorization was found in request.headers',
  })
  const open = await app.inject({ method: 'GET', url: '/public' })
  assert.equal(open.statusCode, 200)
})

test('@fastify/jwt: a token signed with app.jwt.sign gets 200 and request.user', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const token = (app as unknown as JwtApp).jwt.sign({ sub: 'user-42', role: 'admin' })
  const res = await app.inject({
    method: 'GET',
    url: '/me',
    headers: { authorization: `Bearer ${token}` },
  })
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json(), { sub: 'user-42', role: 'admin' })
})

test('@fastify/jwt: a token signed with another secret, or expired, is refused with 401', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const other = arbor()
  t.after(() => other.close())
  await other.register(jwt, { secret: 'some-other-secret-entirely' })
  await other.ready()
  const foreign = (other as unknown as JwtApp).jwt.sign({ sub: 'intruder', role: 'admin' })
  const forged = await app.inject({
    method: 'GET',
    url: '/me',
    headers: { authorization: `Bearer ${foreign}` },
  })
  assert.equal(forged.statusCode, 401)
  assert.equal(forged.json().code, 'FST_JWT_AUTHORIZATION_TOKEN_INVALID')

  const expired = (app as unknown as JwtApp).jwt.sign(
    { sub: 'user-42', role: 'admin', iat: 1_000_000 },
    { expiresIn: 60 },
  )
  const late = await app.inject({
    method: 'GET',
    url: '/me',
    headers: { authorization: `Bearer ${expired}` },
  })
  assert.equal(late.statusCode, 401)
  assert.equal(late.json().code, 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED')
})
