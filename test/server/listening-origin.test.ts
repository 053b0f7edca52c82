// Fastify 5's `listeningOrigin`, in both lines: the origin a client calls the app by.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

test('listeningOrigin is the http origin of the address listened on, and fetch reaches it', async (t) => {
  const app = arbor({ fastifyLine: 5 })
  t.after(() => app.close())
  app.get('/', async () => 'here')
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  assert.equal(app.listeningOrigin, address)
  assert.match(app.listeningOrigin, /^http:\/\/127\.0\.0\.1:\d+$/)
  assert.equal(await (await fetch(app.listeningOrigin)).text(), 'here')
})

test('listeningOrigin puts an IPv6 host in brackets', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  try {
    await app.listen({ port: 0, host: '::1' })
  } catch {
    t.skip('this machine has no ::1')
    return
  }
  assert.match(app.listeningOrigin, /^http:\/\/\[::1\]:\d+$/)
})

test('listeningOrigin before listen() is FST_ERR_NOT_LISTENING, not a TypeError', () => {
  const app = arbor()
  assert.throws(() => app.listeningOrigin, { code: 'FST_ERR_NOT_LISTENING' })
})
