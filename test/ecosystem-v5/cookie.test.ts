// @fastify/cookie 11 (the Fastify 5 major) on arbor, in both lines: request.cookies parsed by
// its onRequest hook, reply.setCookie written at onSend, signed cookies and their unsigning.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import cookie from '@fastify/cookie-v5'
import { lines, overHttp } from './lines.ts'

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
type CookieApp = { signCookie(value: string): string }

for (const line of lines) {
  async function build() {
    const app = line.app()
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

  test(`@fastify/cookie 11 (${line.name}): over HTTP a signed cookie set by one request unsigns on the next`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const login = await request('/login')
    assert.equal(login.status, 200)
    await login.arrayBuffer()
    const cookies = login.headers.getSetCookie()
    assert.equal(cookies.length, 2)
    const session = cookies.find((c) => c.startsWith('session='))
    assert.ok(session)
    // cookie 11 adds SameSite=Lax by default (cookie 9 added nothing).
    assert.match(session, /^session=user-42\.[^;]+; Path=\/; HttpOnly; SameSite=Lax$/)
    assert.ok(cookies.includes('theme=dark; Path=/; SameSite=Lax'), cookies.join(' | '))
    const cookieHeader = cookies.map((c) => c.split(';')[0]).join('; ')
    const me = await request('/me', { headers: { cookie: cookieHeader } })
    assert.deepEqual(await me.json(), { theme: 'dark', valid: true, user: 'user-42' })
  })

  test(`@fastify/cookie 11 (${line.name}): a tampered signed cookie does not unsign`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    await app.ready()
    const signed = (app as unknown as CookieApp).signCookie('user-42')
    const forged = signed.replace('user-42', 'user-1')
    const me = await app.inject({ url: '/me', headers: { cookie: `session=${forged}` } })
    assert.deepEqual(me.json(), { theme: null, valid: false, user: null })
  })

  test(`@fastify/cookie 11 (${line.name}): clearCookie expires the cookie`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await app.inject({ method: 'GET', url: '/logout' })
    assert.equal(
      res.headers['set-cookie'],
      'session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
    )
  })
}
