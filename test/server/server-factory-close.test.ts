// A serverFactory server and close(): arbor refuses `forceCloseConnections: 'idle'` for a
// server that cannot close idle connections, and leaves a server it never started alone.
import assert from 'node:assert/strict'
import { once } from 'node:events'
import http from 'node:http'
import { test } from 'node:test'
import arbor, { errorCodes } from '../../src/index.ts'

test("forceCloseConnections 'idle' with a server lacking closeIdleConnections throws at construction", () => {
  const build = () =>
    arbor({
      forceCloseConnections: 'idle',
      serverFactory: () => ({ on() {} }) as unknown as http.Server,
    })
  assert.throws(build, (err: Error & { code?: string; statusCode?: number }) => {
    assert.ok(err instanceof errorCodes.FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE)
    assert.equal(err.code, 'FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE')
    assert.equal(
      err.message,
      "Cannot set forceCloseConnections to 'idle' as your HTTP server does not support closeIdleConnections method",
    )
    assert.equal(err.statusCode, 500)
    return true
  })
})

test('the default forceCloseConnections on a server lacking closeIdleConnections does not throw', async () => {
  const app = arbor({ serverFactory: () => ({ on() {} }) as unknown as http.Server })
  assert.equal(typeof app.inject, 'function')
})

test('close() leaves a serverFactory server that the caller started, not arbor, listening', async () => {
  const server = http.createServer()
  const app = arbor({
    serverFactory: (handler) => {
      server.on('request', handler)
      return server
    },
  })
  app.get('/', async () => ({ hello: 'world' }))
  await app.ready()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  await app.close()
  assert.equal(server.listening, true)
  assert.deepEqual(server.address(), address)
  const res = await fetch(`http://127.0.0.1:${(address as { port: number }).port}/`)
  // arbor is closed: the handler answers 503, but the caller's server still accepts
  assert.equal(res.status, 503)
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())))
})

test('close() closes a serverFactory server that arbor started with listen()', async () => {
  const app = arbor({ serverFactory: (handler) => http.createServer(handler) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  await app.close()
  assert.equal(app.server.listening, false)
})

test('close() closes a server arbor built even when it never listened', async () => {
  const app = arbor()
  await app.ready()
  let closed = false
  app.server.on('close', () => {
    closed = true
  })
  await app.close()
  assert.equal(closed, true)
})
