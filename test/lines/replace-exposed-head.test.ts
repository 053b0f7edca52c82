// Line table row `replaceExposedHead` (docs/fastify-lines.md): a HEAD route declared after the
// GET route of the same path replaces the HEAD route exposed for the GET in the Fastify 4 line;
// the Fastify 5 line refuses it as a duplicate (Fastify 5: declare HEAD before GET).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

test('replaceExposedHead, Fastify 4 line: a HEAD after its GET replaces the exposed HEAD route', async (t) => {
  const app = arbor({ fastifyLine: 4 })
  t.after(() => app.close())
  app.get('/item', async () => 'get')
  app.head('/item', async (_request, reply) => {
    reply.header('x-own-head', 'yes')
    return ''
  })
  const res = await app.inject({ method: 'HEAD', url: '/item' })
  assert.equal(res.statusCode, 200)
  assert.equal(res.headers['x-own-head'], 'yes')
})

test('replaceExposedHead, Fastify 5 line: a HEAD after its GET is FST_ERR_DUPLICATED_ROUTE', () => {
  const app = arbor({ fastifyLine: 5 })
  app.get('/item', async () => 'get')
  assert.throws(() => app.head('/item', async () => ''), {
    code: 'FST_ERR_DUPLICATED_ROUTE',
    message: "Method 'HEAD' already declared for route '/item'",
  })
})

test('replaceExposedHead: a HEAD declared before its GET is kept, in both lines', async (t) => {
  for (const line of [4, 5] as const) {
    const app = arbor({ fastifyLine: line })
    t.after(() => app.close())
    app.head('/item', async (_request, reply) => {
      reply.header('x-own-head', 'yes')
      return ''
    })
    app.get('/item', async () => 'get')
    const res = await app.inject({ method: 'HEAD', url: '/item' })
    assert.equal(res.headers['x-own-head'], 'yes', `line ${line}`)
  }
})

test('a HEAD route of an exposed HEAD route shape, other parameter names, is a duplicate in both lines', () => {
  for (const line of [4, 5] as const) {
    const app = arbor({ fastifyLine: line })
    app.get('/:param1', async () => 'get')
    assert.throws(() => app.head('/:param2', async () => ''), {
      code: 'FST_ERR_DUPLICATED_ROUTE',
    })
  }
})
