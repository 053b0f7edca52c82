// Line table row `hostnameWithPort` (docs/fastify-lines.md): request.hostname keeps the port in
// the Fastify 4 line and drops it in the Fastify 5 line; request.host and request.port are the
// same in both.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

const hostOf = (fastifyLine: 4 | 5) => {
  const app = arbor({ fastifyLine })
  app.get('/', (request) => ({
    host: request.host,
    hostname: request.hostname,
    port: request.port,
  }))
  return app
}

test('hostnameWithPort, Fastify 4 line: hostname keeps the port', async () => {
  const res = await hostOf(4).inject({ url: '/', headers: { host: 'example.com:8080' } })
  assert.deepEqual(res.json(), {
    host: 'example.com:8080',
    hostname: 'example.com:8080',
    port: 8080,
  })
})

test('hostnameWithPort, Fastify 5 line: hostname drops the port, request.port has it', async () => {
  const res = await hostOf(5).inject({ url: '/', headers: { host: 'example.com:8080' } })
  assert.deepEqual(res.json(), { host: 'example.com:8080', hostname: 'example.com', port: 8080 })
})

test('hostnameWithPort, Fastify 5 line: an IPv6 host keeps its brackets', async () => {
  const res = await hostOf(5).inject({ url: '/', headers: { host: '[::1]:3000' } })
  assert.deepEqual(res.json(), { host: '[::1]:3000', hostname: '[::1]', port: 3000 })
})

test('request.port is null for a host without a port, in both lines', async () => {
  for (const line of [4, 5] as const) {
    const res = await hostOf(line).inject({ url: '/', headers: { host: 'example.com' } })
    assert.equal(res.json().port, null)
    assert.equal(res.json().hostname, 'example.com')
  }
})
