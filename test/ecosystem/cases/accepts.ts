// @fastify/accepts cases shared by its Fastify 4 major (4) and its Fastify 5 major (5):
// request.accepts() and the reply.request* shortcuts negotiate from the request's Accept headers.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

// The plugin types its decorators on FastifyRequest / FastifyReply; on arbor they are plain
// properties, reached through these narrow views.
type AcceptsRequest = {
  accepts(): { type(types: string[]): string | false }
  languages(): string[]
}
type AcceptsReply = { requestEncodings(): string[] }

export function acceptsCases({ plugin, app: makeApp, label }: PluginCase): void {
  async function build() {
    const app = makeApp()
    await app.register(plugin, { decorateReply: true })
    app.get('/report', async (request, reply) => {
      const type = (request as unknown as AcceptsRequest).accepts().type(['json', 'html'])
      if (type === 'html') {
        reply.type('text/html')
        return '<h1>report</h1>'
      }
      if (type === 'json') return { report: true }
      reply.code(406)
      return { error: 'not acceptable' }
    })
    app.get('/languages', async (request) => (request as unknown as AcceptsRequest).languages())
    app.get('/encodings', async (_request, reply) =>
      (reply as unknown as AcceptsReply).requestEncodings(),
    )
    return app
  }

  test(`${label}: request.accepts().type() picks the representation the client prefers`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const html = await app.inject({
      url: '/report',
      headers: { accept: 'text/html,application/json;q=0.5' },
    })
    assert.equal(html.body, '<h1>report</h1>')
    assert.match(String(html.headers['content-type']), /^text\/html/)
    const json = await app.inject({ url: '/report', headers: { accept: 'application/json' } })
    assert.deepEqual(json.json(), { report: true })
    const none = await app.inject({ url: '/report', headers: { accept: 'image/png' } })
    assert.equal(none.statusCode, 406)
  })

  test(`${label}: over real HTTP the reply follows the Accept header`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const request = (accept: string) =>
      fetch(`http://127.0.0.1:${port}/report`, { headers: { accept } })
    const html = await request('text/html')
    assert.equal(await html.text(), '<h1>report</h1>')
    assert.match(String(html.headers.get('content-type')), /^text\/html/)
    const json = await request('application/json')
    assert.deepEqual(await json.json(), { report: true })
    const none = await request('image/png')
    assert.equal(none.status, 406)
    await none.arrayBuffer()
  })

  test(`${label}: request.languages() and, with decorateReply, reply.requestEncodings() list by preference`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const cases: Array<[string, Record<string, string>, string[]]> = [
      ['/languages', { 'accept-language': 'fr;q=0.4, en-GB, de;q=0.8' }, ['en-GB', 'de', 'fr']],
      ['/languages', { 'accept-language': 'fr;q=0.5, en, de;q=0.8' }, ['en', 'de', 'fr']],
      ['/encodings', { 'accept-encoding': 'br;q=0.5, gzip' }, ['gzip', 'br', 'identity']],
      ['/encodings', { 'accept-encoding': 'gzip;q=0.2, br' }, ['br', 'gzip', 'identity']],
    ]
    for (const [url, headers, expected] of cases) {
      const res = await app.inject({ url, headers })
      assert.deepEqual(res.json(), expected, JSON.stringify(headers))
    }
  })
}
