// The application's life as Fastify 4.25 runs it: what onReady may still do, what is refused
// once loading has ended or the application has started, hook timeouts, ready(callback),
// and close() with or without a prior ready().
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'

type App = ArborInstance
type Done = (err?: Error) => void

describe('onReady', () => {
  test('an onReady hook may still decorate; an onReady hook added during onReady does not run', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let lateRan = false
    let seenByNext: boolean | undefined
    app.addHook('onReady', (done: Done) => {
      app.decorate('addedOnReady', true)
      app.addHook('onReady', async () => {
        lateRan = true
      })
      done()
    })
    app.addHook('onReady', function (this: App, done: Done) {
      seenByNext = this.hasDecorator('addedOnReady')
      done()
    })
    await app.ready()
    assert.equal(seenByNext, true)
    assert.equal(lateRan, false)
    assert.throws(() => app.decorate('tooLate', 1), { code: 'FST_ERR_DEC_AFTER_START' })
  })

  test('a request hook added during onReady is refused: loading has ended (Root plugin has already booted)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let refused: (Error & { code?: string }) | undefined
    app.addHook('onReady', (done: Done) => {
      try {
        app.addHook('onRequest', (_request, _reply, next) => next())
      } catch (err) {
        refused = err as Error
      }
      done(refused)
    })
    await assert.rejects(app.ready(), (err: Error & { code?: string; cause?: unknown }) => {
      assert.equal(err.code, 'FST_ERR_PLUGIN_NOT_VALID')
      assert.equal(err.cause, refused)
      return true
    })
    assert.equal(refused?.message, 'Root plugin has already booted')
    assert.equal(refused?.code, 'AVV_ERR_PLUGIN_NOT_VALID')
  })

  test('once started, addHook is refused for every hook, onClose included (FST_ERR_INSTANCE_ALREADY_LISTENING)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.ready()
    for (const name of ['onRequest', 'onReady', 'onClose'] as const) {
      assert.throws(() => app.addHook(name, (() => {}) as never), {
        code: 'FST_ERR_INSTANCE_ALREADY_LISTENING',
      })
    }
  })

  test('an onReady hook that never calls done fails ready() with FST_ERR_HOOK_TIMEOUT, caused by AVV_ERR_READY_TIMEOUT', async (t) => {
    const app = arbor({ pluginTimeout: 50 })
    t.after(() => app.close())
    app.addHook('onReady', (_done: Done) => {})
    await assert.rejects(app.ready(), (err: Error & { code?: string; cause?: unknown }) => {
      assert.equal(err.code, 'FST_ERR_HOOK_TIMEOUT')
      assert.equal(
        err.message,
        "A callback for 'onReady' hook timed out. You may have forgotten to call 'done' function or to resolve a Promise",
      )
      assert.equal((err.cause as { code?: string }).code, 'AVV_ERR_READY_TIMEOUT')
      return true
    })
  })

  test('onReady hooks of a context run before those of its children, whatever order they were added in', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    await app.register(async (child: App) => {
      child.addHook('onReady', async () => void order.push('child'))
    })
    app.addHook('onReady', async () => void order.push('root'))
    await app.ready()
    assert.deepEqual(order, ['root', 'child'])
  })
})

describe('ready(callback)', () => {
  test('callbacks get (null, instance) and run in the order they were given', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const calls: Array<[unknown, unknown]> = []
    await new Promise<void>((resolve) => {
      app.ready((err, instance) => void calls.push([err, instance]))
      app.ready((err, instance) => void calls.push([err, instance]))
      app.ready(() => resolve())
    })
    assert.deepEqual(calls, [
      [null, app],
      [null, app],
    ])
  })
})

describe('close()', () => {
  test('close() before ready() loads the plugins first, then runs preClose and onClose hooks, not onReady', async () => {
    const app = arbor()
    const order: string[] = []
    app.addHook('onReady', async () => void order.push('onReady'))
    app.register(async (child: App) => {
      order.push('plugin loaded')
      child.addHook('onClose', async () => void order.push('child onClose'))
    })
    app.addHook('preClose', async () => void order.push('preClose'))
    await app.close()
    assert.deepEqual(order, ['plugin loaded', 'preClose', 'child onClose'])
  })

  test('onClose hooks run last added first, across contexts (a plugin’s, added while loading, before the root’s); preClose hooks run parents first', async () => {
    const app = arbor()
    const order: string[] = []
    app.register(async (child: App) => {
      child.addHook('preClose', async () => void order.push('child preClose'))
      child.addHook('onClose', async () => void order.push('child onClose'))
    })
    app.addHook('preClose', async () => void order.push('root preClose'))
    app.addHook('onClose', async () => void order.push('root onClose'))
    await app.ready()
    await app.close()
    assert.deepEqual(order, ['root preClose', 'child preClose', 'child onClose', 'root onClose'])
  })

  test('a failed onClose hook rejects close() after the other hooks ran; closing again calls back without error', async () => {
    const app = arbor()
    let otherRan = false
    app.addHook('onClose', (_instance, done) => done(new Error('close failed')))
    app.addHook('onClose', async () => {
      otherRan = true
    })
    await assert.rejects(app.close(), { message: 'close failed' })
    assert.equal(otherRan, true)
    const err = await new Promise((resolve) => app.close(resolve))
    assert.equal(err, null)
  })

  test('close(callback) returns the instance', async () => {
    const app = arbor()
    await new Promise<void>((resolve) => {
      assert.equal(
        app.close(() => resolve()),
        app,
      )
    })
  })
})
