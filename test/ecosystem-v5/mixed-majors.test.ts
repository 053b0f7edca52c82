// One app whose plugins come from both majors, as an app moving to Fastify 5 one plugin at a
// time has them: @fastify/cors 9, cookie 9 and sensible 5 (Fastify 4 majors) beside helmet 13,
// rate-limit 11 and swagger 9 (Fastify 5 majors), all on the same routes, in both lines. No
// Fastify release loads both sets; arbor does (DESIGN.md "Two Fastify lines"). Each plugin's
// effect is asserted on one response.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet-v5'
import rateLimit from '@fastify/rate-limit-v5'
import sensible from '@fastify/sensible'
import swagger from '@fastify/swagger-v5'
import { type App, lines, overHttp } from './lines.ts'

const SECRET = 'a-cookie-secret-of-the-mixed-app'
const ORIGIN = 'https://app.example'

// The plugins type their decorators on Fastify's types; on arbor they are plain properties.
type MixedReply = {
  setCookie(name: string, value: string, options?: object): MixedReply
  cacheControl(directive: string, seconds?: number): MixedReply
}
type MixedRequest = {
  cookies: Record<string, string | undefined>
  unsignCookie(value: string): { valid: boolean; value: string | null }
}
type MixedApp = {
  httpErrors: { forbidden(message?: string): Error }
  swagger(): { paths: Record<string, Record<string, { parameters?: unknown[] }>> }
}

for (const line of lines) {
  async function build(): Promise<App> {
    const app = line.app()
    await app.register(swagger, { openapi: { info: { title: 'Mixed', version: '1.0.0' } } })
    // helmet before cors: cors answers a preflight from its onRequest hook, and the hooks
    // registered after it do not run for that reply (as on Fastify).
    await app.register(helmet)
    await app.register(cors, { origin: [ORIGIN], credentials: true })
    await app.register(rateLimit, { max: 3, timeWindow: '1 minute' })
    await app.register(cookie, { secret: SECRET })
    await app.register(sensible)
    const { httpErrors } = app as unknown as MixedApp
    app.get<{ Params: { id: number } }>(
      '/profile/:id',
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } } },
          response: {
            200: {
              type: 'object',
              properties: { id: { type: 'integer' }, returning: { type: 'boolean' } },
            },
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params
        if (id === 0) throw httpErrors.forbidden('not this one')
        const mixed = request as unknown as MixedRequest
        const seen = mixed.cookies.seen
        const returning = seen !== undefined && mixed.unsignCookie(seen).valid
        const mixedReply = reply as unknown as MixedReply
        mixedReply.setCookie('seen', String(id), { signed: true, path: '/' })
        mixedReply.cacheControl('max-age', 30)
        return { id, returning, notInSchema: 'dropped' }
      },
    )
    await app.ready()
    return app
  }

  test(`mixed majors (${line.name}): over HTTP one response carries cors 9, helmet 13, rate-limit 11, cookie 9 and sensible 5`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const first = await request('/profile/7', { headers: { origin: ORIGIN } })
    assert.equal(first.status, 200)
    // The response schema (the one swagger 9 documents) serialized the body.
    assert.deepEqual(await first.json(), { id: 7, returning: false })
    // cors 9
    assert.equal(first.headers.get('access-control-allow-origin'), ORIGIN)
    assert.equal(first.headers.get('access-control-allow-credentials'), 'true')
    // helmet 13
    assert.equal(first.headers.get('x-content-type-options'), 'nosniff')
    assert.match(String(first.headers.get('content-security-policy')), /default-src 'self'/)
    // rate-limit 11
    assert.equal(first.headers.get('x-ratelimit-limit'), '3')
    assert.equal(first.headers.get('x-ratelimit-remaining'), '2')
    // sensible 5
    assert.equal(first.headers.get('cache-control'), 'max-age=30')
    // cookie 9: signed, and valid when sent back
    const [seen] = first.headers.getSetCookie()
    assert.match(String(seen), /^seen=7\.[^;]+; Path=\/$/)
    const again = await request('/profile/8', {
      headers: { origin: ORIGIN, cookie: String(seen).split(';')[0] },
    })
    assert.deepEqual(await again.json(), { id: 8, returning: true })
    // sensible 5's http error through arbor's error path, with helmet 13 and cors 9 still on
    const refused = await request('/profile/0', { headers: { origin: ORIGIN } })
    assert.equal(refused.status, 403)
    assert.equal(((await refused.json()) as { message: string }).message, 'not this one')
    assert.equal(refused.headers.get('x-frame-options'), 'SAMEORIGIN')
    assert.equal(refused.headers.get('access-control-allow-origin'), ORIGIN)
    // rate-limit 11's 429 past the limit, still with the other plugins' headers
    const limited = await request('/profile/9', { headers: { origin: ORIGIN } })
    assert.equal(limited.status, 429)
    assert.equal(((await limited.json()) as { statusCode: number }).statusCode, 429)
    assert.equal(limited.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(limited.headers.get('access-control-allow-origin'), ORIGIN)
  })

  test(`mixed majors (${line.name}): swagger 9 documents the route the v4-major plugins also serve`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const doc = (app as unknown as MixedApp).swagger()
    assert.deepEqual(Object.keys(doc.paths), ['/profile/{id}'])
    assert.deepEqual(doc.paths['/profile/{id}']?.get?.parameters, [
      { schema: { type: 'integer' }, in: 'path', name: 'id', required: true },
    ])
    // Over inject: a preflight answered by cors 9 carries helmet 13's headers, set before it.
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/profile/1',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
    })
    assert.equal(preflight.statusCode, 204)
    assert.equal(preflight.headers['access-control-allow-origin'], ORIGIN)
    assert.equal(preflight.headers['x-content-type-options'], 'nosniff')
  })
}
