// When listen() binds its default host, its callback comes after the setImmediate callbacks a
// plugin queued while loading: Fastify resolves its default host ('localhost') first, so its
// server binds a macrotask later (4.25 and 5 alike), and plugins rely on that order.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'

test("listen()'s callback comes after a setImmediate queued by a plugin while loading", async () => {
  const app = arbor()
  const order: string[] = []
  app.register(
    plugin((_instance, _opts, done) => {
      setImmediate(() => order.push('immediate'))
      done()
    }),
  )
  await new Promise<void>((resolve, reject) => {
    app.listen({ port: 0 }, (err) => {
      if (err) reject(err)
      order.push('listen')
      resolve()
    })
  })
  await app.close()
  assert.deepEqual(order, ['immediate', 'listen'])
})
