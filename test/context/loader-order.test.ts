// The plugin loader's order and error flow, as Fastify 4.25's loader (avvio 8) has them:
// after() with and without a callback, await register(), ready() inside a plugin, and the
// loader error that skips later plugins until a callback takes it.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { runInThisContext } from 'node:vm'
import arbor, { type ArborInstance } from '../../src/index.ts'

type App = ArborInstance
type Done = (err?: Error) => void

describe('the instance as a thenable', () => {
  test('then(onFulfilled) alone returns a real promise that loads what was registered so far', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let loaded = false
    app.register(async () => {
      loaded = true
    })
    const then = (app as unknown as PromiseLike<App>).then
    const result = then.call(app, (instance) => instance === app)
    assert.ok(result instanceof Promise)
    assert.equal(await result, true)
    assert.equal(loaded, true)
  })

  test('await register() rejects with the plugin error, which stays: later plugins do not load and ready() rejects', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const kaboom = new Error('kaboom')
    let laterRan = false
    await assert.rejects(async () => {
      await app.register(async () => {
        throw kaboom
      })
    }, kaboom)
    app.register(async () => {
      laterRan = true
    })
    await assert.rejects(app.after(), kaboom)
    await assert.rejects(app.ready(), kaboom)
    assert.equal(laterRan, false)
  })

  test('after() without a callback returns a promise of what was registered so far', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    app.register(async () => {
      order.push('first')
    })
    const pending = app.after()
    assert.ok(pending instanceof Promise)
    await pending
    order.push('after the promise')
    app.register(async () => {
      order.push('second')
    })
    await app.ready()
    assert.deepEqual(order, ['first', 'after the promise', 'second'])
  })

  test('once the application has loaded, the instance is no longer thenable', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.ready()
    assert.equal((app as unknown as { then?: unknown }).then, undefined)
  })
})

describe('after(callback) and the loader error', () => {
  test('a callback without parameters runs after a failed plugin and leaves the error to the next one', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.register((_i: App, _o: unknown, done: Done) => done(new Error('kaboom')))
    app.register(async () => {
      seen.push('skipped plugin ran')
    })
    app.after(() => {
      seen.push('zero-arity after')
    })
    app.after((err) => {
      seen.push(`after(err): ${err?.message}`)
    })
    app.register(async () => {
      seen.push('plugin after the handled error')
    })
    await app.ready()
    assert.deepEqual(seen, [
      'zero-arity after',
      'after(err): kaboom',
      'plugin after the handled error',
    ])
  })

  test('a callback taking (err, done) decides the error the next callbacks receive', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async () => {
      throw new Error('first')
    })
    app.after((err, done) => {
      assert.equal(err?.message, 'first')
      done?.(new Error('replaced'))
    })
    await assert.rejects(app.ready(), { message: 'replaced' })
  })

  test('after inside a plugin gets the instance it was called on as its third argument', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let child: App | undefined
    let received: unknown
    app.register(async (instance: App) => {
      child = instance
      const after = instance.after as unknown as (cb: Function) => void
      after.call(instance, (_err: unknown, self: unknown, done: Done) => {
        received = self
        done()
      })
    })
    await app.ready()
    assert.equal(received, child)
  })
})

describe('ready() inside a plugin', () => {
  test('it settles once the plugin’s registrations loaded, before the application’s onReady hooks', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    app.register((instance: App, _o: unknown, done: Done) => {
      instance.ready(() => order.push('child ready'))
      instance.addHook('onReady', (next: Done) => {
        order.push('child onReady')
        next()
      })
      instance.register((sub: App, _opts: unknown, subDone: Done) => {
        sub.ready(() => order.push('grandchild ready'))
        subDone()
      })
      done()
    })
    app.addHook('onReady', async () => {
      order.push('root onReady')
    })
    await app.ready()
    assert.deepEqual(order, ['child ready', 'grandchild ready', 'root onReady', 'child onReady'])
  })

  test('its promise resolves with the plugin’s own instance', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const resolved: Array<[unknown, unknown]> = []
    app.register((one: App, _o: unknown, done: Done) => {
      one.ready().then((self) => resolved.push([self, one]))
      done()
    })
    await app.ready()
    assert.equal(resolved.length, 1)
    assert.equal(resolved[0]![0], resolved[0]![1])
  })

  test('await instance.register() inside an async plugin loads the nested plugin before the next line', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    app.register(async (instance: App) => {
      instance.ready(() => order.push('ready callback'))
      await instance.register(async () => {
        order.push('nested loaded')
      })
      order.push('after await')
    })
    await app.ready()
    assert.deepEqual(order, ['nested loaded', 'after await', 'ready callback'])
  })
})

describe('pluginTimeout', () => {
  test('the error is Fastify’s, and an anonymous plugin is named by the first two lines of its source', async (t) => {
    const app = arbor({ pluginTimeout: 20 })
    t.after(() => app.close())
    // compiled from source text, so that its source is exactly what a user would have written
    app.register(runInThisContext('(function (app, opts, done) {\n  // never calls done\n})'))
    await assert.rejects(app.ready(), (err: Error & { code?: string; cause?: unknown }) => {
      assert.equal(err.code, 'FST_ERR_PLUGIN_TIMEOUT')
      assert.equal(
        err.message,
        "fastify-plugin: Plugin did not start in time: 'function (app, opts, done) { -- // never calls done'. You may have forgotten to call 'done' function or to resolve a Promise",
      )
      const cause = err.cause as Error & { code?: string }
      assert.equal(cause.code, 'AVV_ERR_READY_TIMEOUT')
      assert.equal(
        cause.message,
        "Plugin did not start in time: 'function (app, opts, done) { -- // never calls done'. You may have forgotten to call 'done' function or to resolve a Promise",
      )
      return true
    })
  })
})
