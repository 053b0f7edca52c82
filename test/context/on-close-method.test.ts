// `instance.onClose(fn)`: the loader's own onClose, as Fastify exposes it beside register,
// after, ready and close (avvio's), and what its addHook('onClose') calls. Plugins such as
// @fastify/http-proxy 11 and @fastify/reply-from 12 call it while they register.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

test('onClose: hooks run last added first, each with the instance it was added to, chaining', async () => {
  const app = arbor()
  const ran: unknown[] = []
  const returned = app.onClose((instance) => {
    ran.push(['root, first added', instance === app])
  })
  assert.equal(returned, app, 'onClose returns the instance, for chaining')
  await app.register(async (child) => {
    child.decorate('where', 'child')
    child.onClose((instance, done) => {
      ran.push(['child, with done', instance === child, (instance as { where?: string }).where])
      done()
    })
    child.addHook('onClose', async () => {
      ran.push('child, through addHook')
    })
  })
  app.onClose(async () => {
    ran.push('root, no arguments')
  })
  await app.ready()
  // no started check, unlike addHook: added once ready (or listening), it still runs
  app.onClose(() => {
    ran.push('after ready')
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  app.onClose(() => {
    ran.push('while listening')
  })
  await app.close()
  assert.deepEqual(ran, [
    'while listening',
    'after ready',
    'root, no arguments',
    'child, through addHook',
    ['child, with done', true, 'child'],
    ['root, first added', true],
  ])
})

test('onClose: a hook that fails rejects close() with its error', async () => {
  const app = arbor()
  app.onClose(async () => {
    throw new Error('pool would not end')
  })
  await assert.rejects(app.close(), { message: 'pool would not end' })
})

test('onClose: anything but a function is refused with the loader error', () => {
  const app = arbor()
  assert.throws(() => app.onClose(42 as never), {
    code: 'AVV_ERR_CALLBACK_NOT_FN',
    message: "Callback for 'onClose' hook is not a function. Received: 'number'",
  })
})
