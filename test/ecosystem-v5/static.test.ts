// @fastify/static 10 (the Fastify 5 major) on arbor, in both lines: files streamed from a folder
// with their content types, index.html for a folder, reply.sendFile, a 404 from arbor's
// not-found handler, and over HTTP the etag's conditional GET and the refused path traversal.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static-v5'
import { lines, overHttp } from './lines.ts'

const root = fileURLToPath(new URL('../ecosystem/fixtures/static/', import.meta.url))

// node:http rather than fetch: fetch normalizes `..` out of a path, and adds
// cache-control: no-cache to a conditional request, which makes any server answer 200.
function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    }).on('error', reject)
  })
}

for (const line of lines) {
  async function build() {
    const app = line.app()
    await app.register(fastifyStatic, { root, prefix: '/assets/' })
    // reply.sendFile is typed on FastifyReply; on arbor it is a plain reply decorator.
    app.get('/home', async (_request, reply) =>
      (reply as unknown as { sendFile(name: string): unknown }).sendFile('index.html'),
    )
    return app
  }

  test(`@fastify/static 10 (${line.name}): files are served with their content types`, async (t) => {
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
    const missing = await app.inject({ method: 'GET', url: '/assets/nope.txt' })
    assert.equal(missing.statusCode, 404)
    assert.equal(missing.json().statusCode, 404)
  })

  test(`@fastify/static 10 (${line.name}): a folder serves its index.html, reply.sendFile a named file`, async (t) => {
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

  test(`@fastify/static 10 (${line.name}): over HTTP a file streams with its length, its etag gets 304, .. gets 403`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const port = (app.server.address() as AddressInfo).port
    const res = await request('/assets/style.css')
    assert.equal(res.status, 200)
    const body = await res.text()
    assert.equal(body, await readFile(`${root}style.css`, 'utf8'))
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(body)))
    const etag = res.headers.get('etag')
    assert.ok(etag)
    const again = await rawGet(port, '/assets/style.css', { 'if-none-match': etag })
    assert.equal(again.status, 304)
    assert.equal(again.body, '')
    for (const path of ['/assets/../static.test.ts', '/assets/%2e%2e/%2e%2e/static.test.ts']) {
      const climbing = await rawGet(port, path)
      assert.equal(climbing.status, 403, path)
      assert.equal(JSON.parse(climbing.body).statusCode, 403)
    }
  })

  test(`@fastify/static 10 (${line.name}): wildcard false registers one route per file, index.html at the folder`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(fastifyStatic, { root, prefix: '/files/', wildcard: false })
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
