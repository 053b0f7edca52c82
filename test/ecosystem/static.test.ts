// @fastify/static 7 on arbor: files streamed from a folder with their content types, index.html
// for a folder, 404 through arbor's not-found handler, and reply.sendFile.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { get } from 'node:http'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

const root = fileURLToPath(new URL('./fixtures/static/', import.meta.url))

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

async function build() {
  const app = arbor()
  await app.register(fastifyStatic, { root, prefix: '/assets/' })
  // reply.sendFile is typed on FastifyReply; on arbor it is a plain reply decorator.
  app.get('/home', async (_request, reply) =>
    (reply as unknown as { sendFile(name: string): unknown }).sendFile('index.html'),
  )
  return app
}

test('@fastify/static: files are served with the content type of their extension', async (t) => {
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

test('@fastify/static: a missing file is a 404 from the not-found handler', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const res = await app.inject({ method: 'GET', url: '/assets/nope.txt' })
  assert.equal(res.statusCode, 404)
  assert.equal(res.json().statusCode, 404)
})

test('@fastify/static: a folder serves its index.html, reply.sendFile sends a named file', async (t) => {
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

test('@fastify/static: over real HTTP a file streams with its length, and its etag makes a conditional GET 304', async (t) => {
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

test('@fastify/static: over real HTTP a path climbing out of the root is refused with 403', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const port = await listenLocal(app)
  for (const path of ['/assets/../static.test.ts', '/assets/%2e%2e/%2e%2e/static.test.ts']) {
    const res = await rawGet(port, path)
    assert.equal(res.status, 403, path)
    assert.deepEqual(JSON.parse(res.body), {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Forbidden',
    })
  }
})
