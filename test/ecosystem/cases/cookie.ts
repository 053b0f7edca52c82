// @fastify/cookie cases shared by its Fastify 4 major (9) and its Fastify 5 major (11):
// request.cookies parsed in its onRequest hook, reply.setCookie written at onSend, and signed
// cookies through reply.setCookie({ signed }) and unsignCookie.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

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

export interface CookieCase extends PluginCase {
  /** What the major appends to every Set-Cookie by default ('' or '; SameSite=Lax'). */
  defaultAttributes: string
  /** The whole Set-Cookie clearCookie('session', { path: '/' }) writes in the major. */
  cleared: string
  /**
   * Whether app.parseCookie() returns a plain object; cookie 11 returns a dictionary that
   * inherits nothing from Object.prototype.
   */
  parsesPlainObject: boolean
}

function setCookies(header: string | string[] | undefined): string[] {
  if (header === undefined) return []
  return Array.isArray(header) ? header : [header]
}

export function cookieCases({
  plugin,
  app: makeApp,
  label,
  defaultAttributes,
  cleared,
  parsesPlainObject,
}: CookieCase): void {
  async function build() {
    const app = makeApp()
    await app.register(plugin, { secret: SECRET })
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

  /** The login cookies are the expected ones; returns them as a Cookie request header. */
  function checkLogin(cookies: string[]): string {
    assert.equal(cookies.length, 2)
    const session = cookies.find((c) => c.startsWith('session='))
    assert.ok(session)
    assert.match(session, /^session=user-42\.[^;]+; Path=\/; HttpOnly(; .*)?$/)
    assert.ok(session.endsWith(`; HttpOnly${defaultAttributes}`), session)
    assert.ok(cookies.includes(`theme=dark; Path=/${defaultAttributes}`), cookies.join(' | '))
    return cookies.map((c) => c.split(';')[0]).join('; ')
  }

  test(`${label}: a signed cookie set by one request unsigns on the next`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const login = await app.inject({ method: 'GET', url: '/login' })
    assert.equal(login.statusCode, 200)
    const cookieHeader = checkLogin(setCookies(login.headers['set-cookie']))
    const me = await app.inject({ method: 'GET', url: '/me', headers: { cookie: cookieHeader } })
    assert.deepEqual(me.json(), { theme: 'dark', valid: true, user: 'user-42' })
  })

  test(`${label}: over real HTTP, a signed cookie set by one request unsigns on the next`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const login = await fetch(`http://127.0.0.1:${port}/login`)
    assert.equal(login.status, 200)
    await login.arrayBuffer()
    const cookieHeader = checkLogin(login.headers.getSetCookie())
    const me = await fetch(`http://127.0.0.1:${port}/me`, { headers: { cookie: cookieHeader } })
    assert.deepEqual(await me.json(), { theme: 'dark', valid: true, user: 'user-42' })
  })

  test(`${label}: a tampered signed cookie does not unsign`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    await app.ready()
    const signed = (app as unknown as CookieApp).signCookie('user-42')
    const forged = signed.replace('user-42', 'user-1')
    const me = await app.inject({
      method: 'GET',
      url: '/me',
      headers: { cookie: `session=${forged}` },
    })
    assert.deepEqual(me.json(), { theme: null, valid: false, user: null })
  })

  test(`${label}: clearCookie expires the cookie, parseCookie is decorated`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await app.inject({ method: 'GET', url: '/logout' })
    assert.deepEqual(setCookies(res.headers['set-cookie']), [cleared])
    const parsed = (app as unknown as CookieApp).parseCookie('a=1; b=two')
    assert.equal(Object.getPrototypeOf(parsed) === Object.prototype, parsesPlainObject)
    assert.equal('toString' in parsed, parsesPlainObject)
    assert.deepEqual({ ...parsed }, { a: '1', b: 'two' })
  })

  // As in Fastify, an app's hook added after register() waits for the plugin: the plugin's
  // onSend writes the cookies first, and each later setCookie then writes its own header.
  test(`${label}: cookies set in the app's onSend hooks, added after the plugin, are each sent`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    app.register(plugin)
    for (const value of ['first', 'second']) {
      app.addHook('onSend', (_request, reply, _payload, done) => {
        ;(reply as unknown as CookieReply).setCookie('foo', value)
        done()
      })
    }
    app.get('/', async () => 'ok')
    const res = await app.inject('/')
    assert.deepEqual(setCookies(res.headers['set-cookie']), [
      `foo=first${defaultAttributes}`,
      `foo=second${defaultAttributes}`,
    ])
  })
}
