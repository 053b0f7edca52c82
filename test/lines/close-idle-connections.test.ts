// Line table row `closeIdleOnOwnServer` (docs/fastify-lines.md): with forceCloseConnections
// 'idle', close() calls a server's closeIdleConnections itself before node's server.close()
// calls it again (Fastify 4.25: twice on a server arbor built), or leaves it to node (Fastify 5:
// once). A serverFactory server gets both calls in both lines.
import assert from 'node:assert/strict'
import http from 'node:http'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

async function callsOnClose(fastifyLine: 4 | 5, fromFactory: boolean): Promise<number> {
  const app = arbor({
    fastifyLine,
    forceCloseConnections: 'idle',
    ...(fromFactory ? { serverFactory: (handler) => http.createServer(handler) } : {}),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  let calls = 0
  const server = app.server
  const original = server.closeIdleConnections.bind(server)
  server.closeIdleConnections = () => {
    calls++
    original()
  }
  await app.close()
  return calls
}

test('closeIdleOnOwnServer, Fastify 4 line: closeIdleConnections is called twice on close', async () => {
  assert.equal(await callsOnClose(4, false), 2)
})

test('closeIdleOnOwnServer, Fastify 5 line: closeIdleConnections is called once on close', async () => {
  assert.equal(await callsOnClose(5, false), 1)
})

test('closeIdleOnOwnServer: a serverFactory server gets two calls in both lines', async () => {
  assert.equal(await callsOnClose(4, true), 2)
  assert.equal(await callsOnClose(5, true), 2)
})
