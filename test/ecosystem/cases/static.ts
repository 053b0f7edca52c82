// @fastify/static cases shared by its Fastify 4 major (7) and its Fastify 5 major (10): files
// streamed from a folder with their content types, index.html for a folder, 404 through arbor's
// not-found handler, reply.sendFile, and over HTTP the etag's conditional GET and the refused
// path traversal.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'
import { rawGet } from './raw-get.ts'

const root = fileURLToPath(new URL('../fixtures/static/', import.meta.url))

export interface StaticCase extends PluginCase {
  /** The `code` of the 403 a path traversal gets: static 10 added one, static 7 sends none. */
  forbiddenCode: string | undefined
}

export function staticCases({ plugin, app: makeApp, label, forbiddenCode }: StaticCase): void {
  async function build() {
    const app = makeApp()
    await app.register(plugin, { root, prefix: '/assets/' })
    // reply.sendFile is typed on FastifyReply; on arbor it is a plain reply decorator.
    app.get('/home', async (_request, reply) =>
      (reply as unknown as { sendFile(name: string): unknown }).sendFile('index.html'),
    )
    return app
  }

  test(`${label}: files are served with the content type of their extension`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const cases: Array<[string, RegExp, string]> = [
      ['/assets/index.html', /^text\/html; charset=utf-8$/i, 'index.html'],
      ['/assets/style.css', /^text\/css; charset=utf-8$/i, 'style.css'],
      ['/assets/app.js', /^(application|text)\/javascript; charset=utf-8$/i, 'app.js'],
      ['/assets/nested/data.json', /^application\/json; charset=utf-8$/i, 'nested/data.json'],
    ]
    for (const [url, type, file] of cases) {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 200, url)
      assert.match(String(res.headers['content-type']), type, url)
      assert.equal(res.body, await readFile(root + file, 'utf8'), url)
    }
  })

  test(`${label}: a missing file is a 404 from the not-found handler`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await app.inject({ method: 'GET', url: '/assets/nope.txt' })
    assert.equal(res.statusCode, 404)
    assert.equal(res.json().statusCode, 404)
  })

  test(`${label}: a folder serves its index.html, reply.sendFile sends a named file`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const index = await app.inject({ method: 'GET', url: '/assets/' })
    assert.equal(index.statusCode, 200)
    assert.match(index.body, /hello from a fixture/)
    const home = await app.inject({ method: 'GET', url: '/home' })
    assert.equal(home.statusCode, 200)
    assert.match(String(home.headers['content-type']), /^text\/html/)
    assert.match(home.body, /hello from a fixture/)
  })

  test(`${label}: over real HTTP a file streams with its length, and its etag makes a conditional GET 304`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/assets/style.css`)
    assert.equal(res.status, 200)
    const body = await res.text()
    assert.equal(body, await readFile(`${root}style.css`, 'utf8'))
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(body)))
    assert.ok(res.headers.get('etag'))
    assert.ok(res.headers.get('last-modified'))
    const again = await rawGet(port, '/assets/style.css', {
      'if-none-match': String(res.headers.get('etag')),
    })
    assert.equal(again.status, 304)
    assert.equal(again.body, '')
  })

  test(`${label}: over real HTTP a path climbing out of the root is refused with 403`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    for (const path of ['/assets/../static.test.ts', '/assets/%2e%2e/%2e%2e/static.test.ts']) {
      const res = await rawGet(port, path)
      assert.equal(res.status, 403, path)
      assert.deepEqual(JSON.parse(res.body), {
        statusCode: 403,
        ...(forbiddenCode === undefined ? {} : { code: forbiddenCode }),
        error: 'Forbidden',
        message: 'Forbidden',
      })
    }
  })

  test(`${label}: wildcard false registers one route per file, index.html at the folder`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { root, prefix: '/files/', wildcard: false })
    await app.ready()
    assert.equal(app.hasRoute({ method: 'GET', url: '/files/style.css' }), true)
    assert.equal(app.hasRoute({ method: 'GET', url: '/files/nested/data.json' }), true)
    const css = await app.inject({ url: '/files/style.css' })
    assert.equal(css.body, await readFile(`${root}style.css`, 'utf8'))
    const folder = await app.inject({ url: '/files/' })
    assert.match(folder.body, /hello from a fixture/)
    // No wildcard route: a file that was not there at start-up is arbor's 404.
    const missing = await app.inject({ url: '/files/added-later.txt' })
    assert.equal(missing.statusCode, 404)
    assert.equal(missing.json().message, 'Route GET:/files/added-later.txt not found')
  })
}
