// @fastify/jwt cases shared by its Fastify 4 major (8) and its Fastify 5 major (10):
// app.jwt.sign, request.jwtVerify in an onRequest hook of the protected context, reply.jwtSign,
// a token read from a signed @fastify/cookie, and the 401s it throws through arbor's error path.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ArborInstance } from '../../../src/index.ts'
import { listenLocal } from '../../helpers/http.ts'
import type { App, Plugin, PluginCase } from './plugin-case.ts'

const SECRET = 'a-jwt-secret-of-the-test-long-enough'

// The plugin types its decorators on FastifyInstance / FastifyRequest / FastifyReply; on arbor
// they are plain properties, reached through these narrow views.
type JwtApp = { jwt: { sign(payload: object, options?: object): string } }
type JwtRequest = { jwtVerify(): Promise<unknown>; user: { sub: string; role: string } }
type JwtReply = { jwtSign(payload: object): Promise<string> }

/** GET /me with `token` as the bearer token. */
function meWith(app: App, token: string) {
  return app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } })
}

export interface JwtCase extends PluginCase {
  /** The @fastify/cookie major that goes with this jwt major. */
  cookie: Plugin
  /** What that cookie major appends to every Set-Cookie by default ('' or '; SameSite=Lax'). */
  cookieDefaultAttributes: string
}

export function jwtCases({
  plugin,
  app: makeApp,
  label,
  cookie,
  cookieDefaultAttributes,
}: JwtCase): void {
  // root: POST /token, GET /public ── protected (onRequest: jwtVerify): GET /me
  async function build() {
    const app = makeApp()
    await app.register(plugin, { secret: SECRET })
    app.get('/public', async () => ({ public: true }))
    app.post('/token', async (_request, reply) => ({
      token: await (reply as unknown as JwtReply).jwtSign({ sub: 'user-7', role: 'reader' }),
    }))
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

  test(`${label}: a protected route answers 401 without a token`, async (t) => {
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

  test(`${label}: a token signed with app.jwt.sign gets 200 and request.user`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const token = (app as unknown as JwtApp).jwt.sign({ sub: 'user-42', role: 'admin' })
    const res = await meWith(app, token)
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { sub: 'user-42', role: 'admin' })
  })

  test(`${label}: over real HTTP a token from reply.jwtSign verifies into request.user`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const request = (path: string, init?: RequestInit) =>
      fetch(`http://127.0.0.1:${port}${path}`, init)
    const issued = await request('/token', { method: 'POST' })
    const { token } = (await issued.json()) as { token: string }
    assert.equal(token.split('.').length, 3)
    const me = await request('/me', { headers: { authorization: `Bearer ${token}` } })
    assert.equal(me.status, 200)
    assert.deepEqual(await me.json(), { sub: 'user-7', role: 'reader' })
  })

  test(`${label}: a token signed with another secret, or expired, is refused with 401`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const other = makeApp()
    t.after(() => other.close())
    await other.register(plugin, { secret: 'some-other-secret-entirely' })
    await other.ready()
    const foreign = (other as unknown as JwtApp).jwt.sign({ sub: 'intruder', role: 'admin' })
    const forged = await meWith(app, foreign)
    assert.equal(forged.statusCode, 401)
    assert.equal(forged.json().code, 'FST_JWT_AUTHORIZATION_TOKEN_INVALID')

    const expired = (app as unknown as JwtApp).jwt.sign(
      { sub: 'user-42', role: 'admin', iat: 1_000_000 },
      { expiresIn: 60 },
    )
    const late = await meWith(app, expired)
    assert.equal(late.statusCode, 401)
    assert.equal(late.json().code, 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED')
  })

  test(`${label}: with @fastify/cookie the token is read from a signed cookie`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(cookie, { secret: 'a-cookie-secret-of-the-jwt-test' })
    await app.register(plugin, { secret: SECRET, cookie: { cookieName: 'token', signed: true } })
    app.post('/login', async (_request, reply) => {
      const token = await (reply as unknown as JwtReply).jwtSign({ sub: 'user-9', role: 'cook' })
      const cookieReply = reply as unknown as {
        setCookie(name: string, value: string, options: object): void
      }
      cookieReply.setCookie('token', token, { signed: true, httpOnly: true, path: '/' })
      return { ok: true }
    })
    app.get('/me', async (request) => {
      await (request as unknown as JwtRequest).jwtVerify()
      return (request as unknown as JwtRequest).user
    })
    const port = await listenLocal(app)
    const request = (path: string, init?: RequestInit) =>
      fetch(`http://127.0.0.1:${port}${path}`, init)
    const login = await request('/login', { method: 'POST' })
    await login.arrayBuffer()
    const [set] = login.headers.getSetCookie()
    assert.match(String(set), /^token=[^;]+; Path=\/; HttpOnly(; .*)?$/)
    assert.ok(String(set).endsWith(`; HttpOnly${cookieDefaultAttributes}`), set)
    const me = await request('/me', { headers: { cookie: String(set).split(';')[0] } })
    assert.equal(me.status, 200)
    const user = (await me.json()) as { sub: string; role: string; iat: number }
    assert.deepEqual([user.sub, user.role, typeof user.iat], ['user-9', 'cook', 'number'])
    const none = await request('/me')
    assert.equal(none.status, 401)
    assert.equal(
      ((await none.json()) as { code: string }).code,
      'FST_JWT_NO_AUTHORIZATION_IN_COOKIE',
    )
  })
}
