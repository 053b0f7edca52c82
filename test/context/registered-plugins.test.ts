// instance[Symbol.for('registered-plugin')]: the meta names of the plugins registered in a
// context, as Fastify 4.25 and 5 keep them (lib/pluginUtils.js) and plugins read them
// (@fastify/view's tests look for their own name). A plugin with a meta name (fastify-plugin or
// arbor's plugin(), encapsulated or not) adds it to the list of the context it is registered
// in; a plain function or an options `name` adds nothing. A child's list starts with its
// parent's names, and what the child registers stays out of its parent's.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'

const kRegisteredPlugins = Symbol.for('registered-plugin')
const listOf = (instance: ArborInstance) =>
  (instance as unknown as Record<symbol, string[]>)[kRegisteredPlugins]!

for (const fastifyLine of [4, 5] as const) {
  describe(`Symbol.for('registered-plugin') (Fastify ${fastifyLine} line)`, () => {
    test('Encapsulation rules: the names registered in each context, a child starting from its parent’s', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const seen: Record<string, unknown> = {}
      app.register(fp(async () => {}, { name: 'a' }))
      app.register(async function plain() {})
      app.register(
        async (child: ArborInstance) => {
          seen.childEarly = [...listOf(child)]
          child.register(plugin(async () => {}, { name: 'b' }))
          child.register(async (grandchild: ArborInstance) => {
            const list = listOf(grandchild)
            seen.grandchild = [...list]
            seen.found = list.find((name) => name === 'a')
            seen.includesB = list.includes('b')
          })
          child.after(() => {
            seen.childAfter = [...listOf(child)]
          })
        },
        { name: 'options-name' },
      )
      app.register(fp(async () => {}, { name: 'c', encapsulate: true }))
      await app.ready()
      const root = listOf(app)
      assert.ok(Array.isArray(root))
      assert.deepEqual(root, ['a', 'c'])
      assert.deepEqual(seen, {
        childEarly: ['a'],
        grandchild: ['a', 'b'],
        found: 'a',
        includesB: true,
        childAfter: ['a', 'b'],
      })
    })

    test('@fastify/view style: a wrapped plugin finds its own name on the root after ready', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      app.register(
        fp(
          async (instance: ArborInstance) => {
            instance.decorate('view', () => 'rendered')
          },
          { name: '@fastify/view' },
        ),
      )
      await app.ready()
      assert.equal(
        listOf(app).find((name) => name === '@fastify/view'),
        '@fastify/view',
      )
      assert.equal(app.hasPlugin('@fastify/view'), true)
    })

    test('the list is not an enumerable key of the instance, so the inspector does not show it as a decorator', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      app.register(fp(async () => {}, { name: 'named' }))
      await app.ready()
      assert.equal(Object.getOwnPropertyDescriptor(app, kRegisteredPlugins)?.enumerable, false)
      assert.deepEqual(app.describeContexts().decorators.instance, [])
    })
  })
}
