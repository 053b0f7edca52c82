// @fastify/cookie 9 on arbor: request.cookies parsed in its onRequest hook, reply.setCookie
// written at onSend, and signed cookies through reply.setCookie({ signed }) and unsignCookie.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import cookie from '@fastify/cookie'
import arbor from '../../src/index.ts'

const SECRET = 'a-cookie-secret-of-the-test'

// The plugin types its decorators on FastifyRequest / FastifyReply; on arbor they are plain
// properties, reached through these narrow views.
type CookieRequest = {
  cookies: Record<string, string | undefined>
  unsignCookie(value: string): { valid: boolean; renew: boolean; value: string | null }
}
type CookieReply = {
  setCookie(name: string, value: string, options?: Record<string, unknown>): CookieReply
  clearCookie(name: string, options?: Record<string, unknown>): CookieReply
}
type CookieApp = {
  signCookie(value: string): string
  parseCookie(header: string): Record<string, string>
}

async function build() {
  const app = arbor()
  await app.register(cookie, { secret: SECRET })
  app.get('/login', async (_request, reply) => {
    ;(reply as unknown as CookieReply)
      .setCookie('session', 'user-42', { signed: true, httpOnly: true, path: '/' })
      .setCookie('theme', 'dark', { path: '/' })
    return { ok: true }
  })
  app.get('/me', async (request) => {
    const cookieRequest = request as unknown as CookieRequest
    const session = cookieRequest.cookies.session
    const unsigned = session === undefined ? null : cookieRequest.unsignCookie(session)
    return {
      theme: cookieRequest.cookies.theme ?? null,
      valid: unsigned?.valid ?? false,
      user: unsigned?.value ?? null,
    }
  })
  app.get('/logout', async (_request, reply) => {
    ;(reply as unknown as CookieReply).clearCookie('session', { path: '/' })
    return { ok: true }
  })
  return app
}

function setCookies(header: string | string[] | undefined): string[] {
  if (header === undefined) return []
  return Array.isArray(header) ? header : [header]
}

test('@fastify/cookie: a signed cookie set by one request unsigns on the next', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const login = await app.inject({ method: 'GET', url: '/login' })
  assert.equal(login.statusCode, 200)
  const cookies = setCookies(login.headers['set-cookie'])
  assert.equal(cookies.length, 2)
  const session = cookies.find((c) => c.startsWith('session='))
  assert.ok(session)
  assert.match(session, /^session=user-42\.[^;]+; Path=\/; HttpOnly$/)
  assert.ok(cookies.includes('theme=dark; Path=/'))

  const cookieHeader = cookies.map((c) => c.split(';')[0]).join('; ')
  const me = await app.inject({ method: 'GET', url: '/me', headers: { cookie: cookieHeader } })
  assert.deepEqual(me.json(), { theme: 'dark', valid: true, user: 'user-42' })
})

test('@fastify/cookie: a tampered signed cookie does not unsign', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const signed = (app as unknown as CookieApp).signCookie('user-42')
  const forged = signed.replace('user-42', 'user-1')
  const me = await app.inject({
    method: 'GET',
    url: '/me',
    headers: { cookie: `session=${forged}` },
  })
  assert.deepEqual(me.json(), { theme: null, valid: false, user: null })
})

test('@fastify/cookie: clearCookie expires the cookie, parseCookie is decorated', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const res = await app.inject({ method: 'GET', url: '/logout' })
  const [cleared] = setCookies(res.headers['set-cookie'])
  assert.equal(cleared, 'session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  assert.deepEqual((app as unknown as CookieApp).parseCookie('a=1; b=two'), { a: '1', b: 'two' })
})
