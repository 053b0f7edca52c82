// `instance.routing(req, res)` is the server's own request listener, as Fastify's `routing` is:
// plugins that take requests off the server themselves (@fastify/http-proxy and
// @fastify/websocket answer upgrades this way) get the same answers a request from the
// network gets, the 503 of a closing application included (issue 39, http-proxy's
// "Should gracefully close when clients attempt to connect after calling close").
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

test('routing() routes a raw request, and answers 503 once the application is closing', async (t) => {
  const app = arbor()
  app.get('/', async () => 'routed')
  // a server of the plugin's own, handing every request to the application
  const front = createServer((req, res) => app.routing(req, res))
  t.after(() => front.close())
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/`

  let whileClosing: { status: number; body: unknown } | undefined
  app.addHook('preClose', async () => {
    const response = await fetch(url)
    whileClosing = { status: response.status, body: await response.json() }
  })
  await app.ready()

  const before = await fetch(url)
  assert.equal(before.status, 200)
  assert.equal(await before.text(), 'routed')

  await app.close()
  assert.equal(whileClosing?.status, 503)
  assert.deepEqual(whileClosing?.body, {
    error: 'Service Unavailable',
    message: 'Service Unavailable',
    statusCode: 503,
  })
})
