// onClose hooks are called with `this` set to the instance they were added to, as in Fastify 5
// (every line), whatever their form.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'

test('an onClose hook gets the instance as this and as its argument', async () => {
  const app = arbor()
  const seen: unknown[] = []
  app.addHook('onClose', function (this: ArborInstance, instance: ArborInstance, done: () => void) {
    seen.push(this, instance)
    done()
  })
  await app.ready()
  await app.close()
  assert.equal(seen[0], app)
  assert.equal(seen[1], app)
})

test("an async onClose hook in a plugin gets the plugin's instance as this", async () => {
  const app = arbor()
  let self: unknown
  let child: unknown
  app.register(async (instance) => {
    child = instance
    instance.addHook('onClose', async function (this: ArborInstance) {
      self = this
    })
  })
  await app.ready()
  await app.close()
  assert.ok(child !== app)
  assert.equal(self, child)
})
