// @fastify/http-proxy 11 (the current major, declaring fastify '5.x') on arbor, in both lines,
// over real HTTP on 127.0.0.1, to an HTTP and WebSocket upstream (./upstream.ts). It registers
// @fastify/reply-from, which calls instance.onClose at registration, its own content-type
// parsers (bodies pass through unparsed), a route per method under the prefix, and a WebSocket
// server on app.server's 'upgrade' event, closed by an onClose hook.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import httpProxy from '@fastify/http-proxy'
import { listenLocal } from '../helpers/http.ts'
import { lines, overHttp } from './lines.ts'
import { exchange, startUpstream } from './upstream.ts'

const signal = () => AbortSignal.timeout(3000)

for (const line of lines) {
  const label = `@fastify/http-proxy 11 (${line.name})`

  test(`${label}: requests under the prefix reach the upstream, bodies and statuses pass through`, {
    timeout: 15_000,
  }, async (t) => {
    const upstream = await startUpstream()
    const app = line.app()
    t.after(async () => {
      await app.close()
      await upstream.close()
    })
    const seen: string[] = []
    await app.register(httpProxy, {
      upstream: upstream.origin,
      prefix: '/api',
      rewritePrefix: '/v1',
      // the plugin's own preHandler option, run as a route hook
      preHandler: (request: { url: string }, _reply: unknown, done: () => void) => {
        seen.push(request.url)
        done()
      },
    } as never)
    app.get('/local', async () => ({ local: true }))
    const get = await overHttp(app)

    const res = await get('/api/things?page=2', {
      headers: { 'x-forwarded-by-test': 'client' },
      signal: signal(),
    })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('x-upstream'), 'yes')
    assert.deepEqual(await res.json(), {
      method: 'GET',
      url: '/v1/things?page=2',
      header: 'client',
      body: '',
    })

    const posted = await get('/api/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"widget"}',
      signal: signal(),
    })
    assert.deepEqual(await posted.json(), {
      method: 'POST',
      url: '/v1/items',
      header: null,
      body: '{"name":"widget"}',
    })

    const missing = await get('/api/status/404', { signal: signal() })
    assert.equal(missing.status, 404, "the upstream's status is the answer's")
    await missing.body?.cancel()
    assert.deepEqual(seen, ['/api/things?page=2', '/api/items', '/api/status/404'])
    assert.deepEqual(await (await get('/local', { signal: signal() })).json(), { local: true })
  })

  test(`${label}: a WebSocket under the prefix is proxied to the upstream, and close() ends it`, {
    timeout: 15_000,
  }, async (t) => {
    const upstream = await startUpstream()
    const app = line.app()
    t.after(() => upstream.close())
    await app.register(httpProxy, {
      upstream: upstream.origin,
      prefix: '/live',
      rewritePrefix: '/feed',
      websocket: true,
    } as never)
    const port = await listenLocal(app)
    const answer = await exchange(`ws://127.0.0.1:${port}/live/room`, 'hello')
    assert.equal(answer, 'upstream /feed/room: hello')
    // the plugin's onClose hooks (its WebSocket server, reply-from's connection pool) run
    await app.close()
    assert.equal(app.server.listening, false)
  })
}
