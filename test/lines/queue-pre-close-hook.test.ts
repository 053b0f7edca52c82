// Line table row `queuePreCloseHook` (docs/fastify-lines.md): Fastify 4.25 queues
// addHook('preClose') behind the plugins registered before it, as it does the request hooks;
// Fastify 5 adds it at once. With a wrapped plugin that adds its own preClose hook, the root's
// hook added after register() runs after the plugin's (4.25) or before it (5).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'

async function preCloseOrder(line: 4 | 5): Promise<string[]> {
  const app = arbor({ fastifyLine: line })
  const log: string[] = []
  app.register(
    plugin(async (instance) => {
      instance.addHook('preClose', async () => {
        log.push('plugin')
      })
    }),
  )
  app.addHook('preClose', async () => {
    log.push('root')
  })
  await app.ready()
  await app.close()
  return log
}

test('queuePreCloseHook, Fastify 4 line: the root preClose hook added after register() runs after the plugin’s', async () => {
  assert.deepEqual(await preCloseOrder(4), ['plugin', 'root'])
})

test('queuePreCloseHook, Fastify 5 line: the root preClose hook is added at once and runs first', async () => {
  assert.deepEqual(await preCloseOrder(5), ['root', 'plugin'])
})
