// @fastify/accepts 5 (the Fastify 5 major) on arbor, in both lines: request.accepts() and the
// reply.request* shortcuts negotiate from the request's Accept headers.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import accepts from '@fastify/accepts-v5'
import { lines, overHttp } from './lines.ts'

// The plugin types its decorators on FastifyRequest / FastifyReply; on arbor they are plain
// properties, reached through these narrow views.
type AcceptsRequest = {
  accepts(): { type(types: string[]): string | false }
  languages(): string[]
}
type AcceptsReply = { requestEncodings(): string[] }

for (const line of lines) {
  async function build() {
    const app = line.app()
    await app.register(accepts, { decorateReply: true })
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

  test(`@fastify/accepts 5 (${line.name}): over HTTP the reply follows the Accept header`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const html = await request('/report', { headers: { accept: 'text/html' } })
    assert.equal(await html.text(), '<h1>report</h1>')
    assert.match(String(html.headers.get('content-type')), /^text\/html/)
    const json = await request('/report', { headers: { accept: 'application/json' } })
    assert.deepEqual(await json.json(), { report: true })
    const none = await request('/report', { headers: { accept: 'image/png' } })
    assert.equal(none.status, 406)
    await none.arrayBuffer()
  })

  test(`@fastify/accepts 5 (${line.name}): languages and encodings come in preference order`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const languages = await app.inject({
      url: '/languages',
      headers: { 'accept-language': 'fr;q=0.5, en, de;q=0.8' },
    })
    assert.deepEqual(languages.json(), ['en', 'de', 'fr'])
    const encodings = await app.inject({
      url: '/encodings',
      headers: { 'accept-encoding': 'gzip;q=0.2, br' },
    })
    assert.deepEqual(encodings.json(), ['br', 'gzip', 'identity'])
  })
}
