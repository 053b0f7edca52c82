// Automatic HEAD routes take their content-length from what the GET handler sends and drop it;
// a HEAD route the application writes sends its own payload (Fastify 4's headRouteOnSendHandler).
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

describe('automatic HEAD routes: payloads', () => {
  test('an empty GET reply gives content-length 0 and no content-type', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/empty', (_request, reply) => {
      reply.send()
    })
    const res = await app.inject({ method: 'HEAD', url: '/empty' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-length'], '0')
    assert.equal(res.headers['content-type'], undefined)
    assert.equal(res.body, '')
  })

  test('string, JSON and buffer payloads give their byte length, the body is dropped', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const buffer = Buffer.from('I am a buffer!')
    app.get('/string', async () => 'héllo')
    app.get('/json', async () => ({ here: 'is Johnny' }))
    app.get('/buffer', async (_request, reply) => reply.type('image/jpeg').send(buffer))
    const cases: Array<[string, string, string]> = [
      ['/string', String(Buffer.byteLength('héllo')), 'text/plain; charset=utf-8'],
      [
        '/json',
        String(JSON.stringify({ here: 'is Johnny' }).length),
        'application/json; charset=utf-8',
      ],
      ['/buffer', String(buffer.length), 'image/jpeg'],
    ]
    for (const [url, length, type] of cases) {
      const res = await app.inject({ method: 'HEAD', url })
      assert.equal(res.headers['content-length'], length, url)
      assert.equal(res.headers['content-type'], type, url)
      assert.equal(res.body, '', url)
    }
  })

  test('a stream payload is drained and dropped: no body, no content-length', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let ended = false
    app.get('/stream', async () => {
      const stream = Readable.from(['I am ', 'a stream!'])
      stream.on('end', () => {
        ended = true
      })
      return stream
    })
    const res = await app.inject({ method: 'HEAD', url: '/stream' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, '')
    assert.equal(res.headers['content-length'], undefined)
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(ended, true, 'the stream was read to its end')
  })

  test("the GET route's onSend hooks run for its HEAD route too, before the length is taken", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let calls = 0
    app.get(
      '/coffee',
      {
        onSend: (_request, _reply, payload, done) => {
          calls++
          done(null, `${payload as string}!!`)
        },
      },
      async () => 'coffee',
    )
    const res = await app.inject({ method: 'HEAD', url: '/coffee' })
    assert.equal(calls, 1)
    assert.equal(res.headers['content-length'], '8')
  })

  test('a HEAD route written by the application sends its payload (inject shows it; node drops it on a socket)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.head('/custom', async (_request, reply) => reply.type('text/plain').send('custom HEAD'))
    const res = await app.inject({ method: 'HEAD', url: '/custom' })
    assert.equal(res.body, 'custom HEAD')
    assert.equal(res.headers['content-length'], '11')
    const port = await listenLocal(app)
    const http = await fetch(`http://127.0.0.1:${port}/custom`, { method: 'HEAD' })
    assert.equal(http.headers.get('content-length'), '11')
    assert.equal(await http.text(), '')
  })

  test('a HEAD route written after the GET replaces the automatic one, with the same constraints', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', { constraints: { host: 'example.com' } }, async () => 'GET')
    app.head('/', { constraints: { host: 'example.com' } }, async (_request, reply) =>
      reply.type('text/plain').send('own HEAD'),
    )
    const res = await app.inject({ method: 'HEAD', url: '/', headers: { host: 'example.com' } })
    assert.equal(res.body, 'own HEAD')
    assert.equal(
      app.hasRoute({ method: 'HEAD', url: '/', constraints: { host: 'example.com' } }),
      true,
    )
  })
})

describe('automatic HEAD routes: options', () => {
  test('the HEAD route validates the query as its GET route does (schema.query alias)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const query = { type: 'object', required: ['q'], properties: { q: { type: 'string' } } }
    app.get('/search', { schema: { query } }, async () => 'found')
    assert.equal((await app.inject({ method: 'GET', url: '/search' })).statusCode, 400)
    assert.equal((await app.inject({ method: 'HEAD', url: '/search' })).statusCode, 400)
    assert.equal((await app.inject({ method: 'HEAD', url: '/search?q=x' })).statusCode, 200)
  })
})
