// Line table row `requestIdHeaderDefault` (docs/fastify-lines.md): without the option (or with
// `''`), the request id is read from `request-id` in the Fastify 4 line and from no header in
// the Fastify 5 line; `true` means `request-id` and `false` none, in both.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { type ArborOptions } from '../../src/index.ts'

async function idOf(options: ArborOptions): Promise<string> {
  const app = arbor({ genReqId: () => 'generated', ...options })
  app.get('/', (request) => request.id)
  return (await app.inject({ url: '/', headers: { 'request-id': 'from-header' } })).body
}

test('requestIdHeaderDefault, Fastify 4 line: request-id is read', async () => {
  assert.equal(await idOf({ fastifyLine: 4 }), 'from-header')
  assert.equal(await idOf({ fastifyLine: 4, requestIdHeader: '' }), 'from-header')
  assert.equal(arbor({ fastifyLine: 4 }).initialConfig.requestIdHeader, 'request-id')
})

test('requestIdHeaderDefault, Fastify 5 line: no header is read', async () => {
  assert.equal(await idOf({ fastifyLine: 5 }), 'generated')
  assert.equal(await idOf({ fastifyLine: 5, requestIdHeader: '' }), 'generated')
  assert.equal(arbor({ fastifyLine: 5 }).initialConfig.requestIdHeader, false)
  assert.equal(arbor({ fastifyLine: 5, requestIdHeader: '' }).initialConfig.requestIdHeader, false)
})

test('requestIdHeader true is request-id, false none, a name is lower-cased, in both lines', async () => {
  for (const fastifyLine of [4, 5] as const) {
    assert.equal(await idOf({ fastifyLine, requestIdHeader: true }), 'from-header')
    assert.equal(await idOf({ fastifyLine, requestIdHeader: false }), 'generated')
    assert.equal(
      arbor({ fastifyLine, requestIdHeader: true }).initialConfig.requestIdHeader,
      'request-id',
    )
    assert.equal(
      arbor({ fastifyLine, requestIdHeader: 'X-Trace' }).initialConfig.requestIdHeader,
      'x-trace',
    )
  }
})
