// @fastify/reply-from 12 (the current major, declaring fastify '5.x') on arbor, in both lines,
// over real HTTP on 127.0.0.1, to an HTTP upstream (./upstream.ts). It decorates the reply with
// `from`, which streams the upstream's answer through reply.send, and closes its connection
// pool in an onClose hook added with instance.onClose while it registers.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import replyFrom from '@fastify/reply-from'
import { lines, overHttp } from './lines.ts'
import { startUpstream } from './upstream.ts'

const signal = () => AbortSignal.timeout(3000)

// `reply.from` is the plugin's decorator, missing from arbor's reply type
type From = { from(path?: string, options?: Record<string, unknown>): unknown }

for (const line of lines) {
  const label = `@fastify/reply-from 12 (${line.name})`

  test(`${label}: reply.from forwards requests, rewrites headers, passes bodies and statuses`, {
    timeout: 15_000,
  }, async (t) => {
    const upstream = await startUpstream()
    const app = line.app()
    t.after(async () => {
      await app.close()
      await upstream.close()
    })
    // in a child context: the decorator and its onClose hook belong to the plugin's context
    await app.register(async (child) => {
      await child.register(replyFrom, { base: upstream.origin })
      child.get('/users/:id', (request, reply) =>
        (reply as unknown as From).from(`/people/${(request.params as { id: string }).id}`, {
          rewriteRequestHeaders: (_req: unknown, headers: Record<string, string>) => ({
            ...headers,
            'x-forwarded-by-test': 'reply-from',
          }),
          rewriteHeaders: (headers: Record<string, string>) => ({ ...headers, 'x-rewritten': '1' }),
        }),
      )
      child.post('/orders', (_request, reply) => (reply as unknown as From).from('/orders'))
      child.get('/gone', (_request, reply) => (reply as unknown as From).from('/status/410'))
    })
    const get = await overHttp(app)

    const user = await get('/users/7', { signal: signal() })
    assert.equal(user.status, 200)
    assert.equal(user.headers.get('x-upstream'), 'yes')
    assert.equal(user.headers.get('x-rewritten'), '1')
    assert.deepEqual(await user.json(), {
      method: 'GET',
      url: '/people/7',
      header: 'reply-from',
      body: '',
    })

    // the body arbor parsed is sent on as JSON
    const order = await get('/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ item: 'tea', count: 2 }),
      signal: signal(),
    })
    const echoed = (await order.json()) as { method: string; body: string }
    assert.equal(echoed.method, 'POST')
    assert.deepEqual(JSON.parse(echoed.body), { item: 'tea', count: 2 })

    const gone = await get('/gone', { signal: signal() })
    assert.equal(gone.status, 410)
    await gone.body?.cancel()
  })

  test(`${label}: an upstream that refuses the connection is answered with the plugin's 500`, {
    timeout: 15_000,
  }, async (t) => {
    const upstream = await startUpstream()
    const origin = upstream.origin
    await upstream.close() // nothing listens there any more
    const app = line.app()
    t.after(() => app.close())
    await app.register(replyFrom, { base: origin })
    app.get('/', (_request, reply) => (reply as unknown as From).from('/anything'))
    const get = await overHttp(app)
    const res = await get('/', { signal: signal() })
    assert.equal(res.status, 500)
    const body = (await res.json()) as { code: string; message: string }
    assert.equal(body.code, 'FST_REPLY_FROM_INTERNAL_SERVER_ERROR')
    assert.match(body.message, /ECONNREFUSED/)
  })
}
