// Line table row `prefixSlashAfterTrailingSlash` (docs/fastify-lines.md): a nested prefix
// without a leading `/` under a prefix that ends with `/` is joined as `/v1//inner` in the
// Fastify 4 line (4.25) and as `/v1/inner` in the Fastify 5 line.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

function app(fastifyLine: 4 | 5) {
  const instance = arbor({ fastifyLine })
  instance.register(
    async (v1) => {
      v1.register(
        async (inner) => {
          inner.get('/route', (request) => ({
            prefix: inner.prefix,
            url: request.routeOptions.url,
          }))
        },
        { prefix: 'inner' },
      )
    },
    { prefix: '/v1/' },
  )
  return instance
}

test('prefixSlashAfterTrailingSlash, Fastify 4 line: /v1/ + inner is /v1//inner', async () => {
  const instance = app(4)
  const res = await instance.inject('/v1//inner/route')
  assert.deepEqual(res.json(), { prefix: '/v1//inner', url: '/v1//inner/route' })
  assert.equal((await instance.inject('/v1/inner/route')).statusCode, 404)
})

test('prefixSlashAfterTrailingSlash, Fastify 5 line: /v1/ + inner is /v1/inner', async () => {
  const instance = app(5)
  const res = await instance.inject('/v1/inner/route')
  assert.deepEqual(res.json(), { prefix: '/v1/inner', url: '/v1/inner/route' })
  assert.equal((await instance.inject('/v1//inner/route')).statusCode, 404)
})

test('a nested prefix is joined with one slash in both lines otherwise', async () => {
  for (const fastifyLine of [4, 5] as const) {
    const instance = arbor({ fastifyLine })
    instance.register(
      async (v1) => {
        v1.register(async (inner) => inner.get('/x', () => 'x'), { prefix: 'inner' })
        v1.register(async (other) => other.get('/y', () => 'y'), { prefix: '/other' })
      },
      { prefix: '/v1' },
    )
    assert.equal((await instance.inject('/v1/inner/x')).body, 'x')
    assert.equal((await instance.inject('/v1/other/y')).body, 'y')
  }
})
