// Line table row `replySentSettable` (docs/fastify-lines.md): `reply.sent = true` hijacks the
// reply with Fastify 4's FSTDEP010 warning in the Fastify 4 line; in the Fastify 5 line `sent`
// has no setter (strict code gets a TypeError: use reply.hijack()). Reading it is the same.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

function sentApp(fastifyLine: 4 | 5) {
  const app = arbor({ fastifyLine })
  app.get('/assign', (_request, reply) => {
    let thrown: unknown = null
    try {
      ;(reply as { sent: boolean }).sent = true
    } catch (err) {
      thrown = err
    }
    if (thrown === null) {
      reply.raw.end('hijacked by assignment')
      return reply
    }
    reply.send({ thrown: (thrown as Error).name, sent: reply.sent })
  })
  app.get('/read', (_request, reply) => {
    const before = reply.sent
    reply.hijack()
    reply.raw.end(JSON.stringify({ before, after: reply.sent }))
  })
  return app
}

test('replySentSettable, Fastify 4 line: reply.sent = true hijacks and warns FSTDEP010', async (t) => {
  const codes: string[] = []
  const onWarning = (w: Error & { code?: string }) => {
    codes.push(w.code ?? '')
  }
  process.on('warning', onWarning)
  t.after(() => process.off('warning', onWarning))
  const app = sentApp(4)
  t.after(() => app.close())
  const res = await app.inject('/assign')
  assert.equal(res.body, 'hijacked by assignment')
  await new Promise((resolve) => setImmediate(resolve))
  assert.ok(codes.includes('FSTDEP010'))
})

test('replySentSettable, Fastify 5 line: assigning reply.sent throws a TypeError', async (t) => {
  const app = sentApp(5)
  t.after(() => app.close())
  const res = await app.inject('/assign')
  assert.deepEqual(res.json(), { thrown: 'TypeError', sent: false })
})

test('replySentSettable: reading reply.sent is the same in both lines', async (t) => {
  for (const line of [4, 5] as const) {
    const app = sentApp(line)
    t.after(() => app.close())
    assert.deepEqual((await app.inject('/read')).json(), { before: false, after: true })
  }
})
