// register(): plugin forms, options, load order, after/ready, pluginTimeout, errors raised
// while loading, and printPlugins (issue "Plugins").
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, errorCodes, plugin } from '../../src/index.ts'

type App = ArborInstance

const read = (target: object, key: string): unknown => (target as Record<string, unknown>)[key]

// arbor tags an error raised while loading with the plugin it came from (innermost wins).
const pluginOf = (err: unknown): unknown => (err as { plugin?: unknown }).plugin

// As Fastify 4.25 reports it: FST_ERR_PLUGIN_TIMEOUT, caused by the loader's AVV_ERR_READY_TIMEOUT.
const assertTimeout = (err: unknown, name: string): true => {
  assert.ok(err instanceof errorCodes.FST_ERR_PLUGIN_TIMEOUT)
  assert.equal(err.code, 'FST_ERR_PLUGIN_TIMEOUT')
  assert.match(err.message, new RegExp(`did not start in time: '${name}'`))
  assert.equal((err.cause as { code?: unknown }).code, 'AVV_ERR_READY_TIMEOUT')
  assert.equal(pluginOf(err), name)
  return true
}

// A real ES module with a default export, imported dynamically as `register(import(...))` would.
const dataModule =
  'data:text/javascript,export default async function (i, opts) { i.get("/from-module", async () => ({ v: opts.v })) }'

describe('register(): plugin forms and options', () => {
  test('register: an async function plugin receives its child instance and options', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let received: unknown
    app.register(
      async (instance: App, opts: Record<string, unknown>) => {
        received = opts
        instance.get('/async', async () => 'async')
      },
      { a: 1 },
    )
    assert.equal((await app.inject('/async')).body, 'async')
    assert.deepEqual(received, { a: 1 })
  })

  test('register: a callback plugin loads when it calls done', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      (instance: App, opts: Record<string, unknown>, done: (err?: Error) => void) => {
        instance.get('/cb', async () => ({ opts }))
        setImmediate(done)
      },
      { b: 2 },
    )
    assert.deepEqual((await app.inject('/cb')).json(), { opts: { b: 2 } })
  })

  test('register: a module object with a default export is loaded', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const mod = {
      default: async (instance: App, opts: { v?: number }) => {
        instance.get('/mod', async () => ({ v: opts.v }))
      },
    }
    app.register(mod, { v: 3 })
    assert.deepEqual((await app.inject('/mod')).json(), { v: 3 })
  })

  test('register: a promise of a module object (register(import(...))) is loaded', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(import(dataModule), { v: 4 })
    const res = await app.inject('/from-module')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { v: 4 })
  })

  test('register: a promise resolving to a module object keeps its place in the load order', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    app.register(async () => {
      order.push('first')
    })
    app.register(
      Promise.resolve({
        default: async () => {
          order.push('promised')
        },
      }),
    )
    app.register(async () => {
      order.push('last')
    })
    await app.ready()
    assert.deepEqual(order, ['first', 'promised', 'last'])
  })

  test('register: options may be a function of the parent instance', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorate('dbUrl', 'pg://db')
    let received: unknown
    app.register(async (c: App) => {
      c.decorate('onlyInChild', 'child')
      c.register(
        async (_g: App, opts: Record<string, unknown>) => {
          received = opts
        },
        // The parent here is the child context: it sees the root's and the child's decorators.
        (parent: App) => ({ url: read(parent, 'dbUrl'), from: read(parent, 'onlyInChild') }),
      )
    })
    await app.ready()
    assert.deepEqual(received, { url: 'pg://db', from: 'child' })
  })

  test('register: options computed from the parent see decorators a previous plugin added', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(plugin(async (i: App) => i.decorate('config', { port: 5432 })))
    let received: unknown
    app.register(
      async (_c: App, opts: Record<string, unknown>) => {
        received = opts
      },
      (parent) => ({ port: (read(parent, 'config') as { port: number }).port }),
    )
    await app.ready()
    assert.deepEqual(received, { port: 5432 })
  })

  test('register: something that is not a plugin is rejected', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await assert.rejects(async () => {
      app.register(123 as unknown as Parameters<typeof app.register>[0])
      await app.ready()
    })
  })
})

describe('register(): load order', () => {
  test('register: plugins load in registration order, depth first, after the synchronous code', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    app.register(async (a: App) => {
      order.push('a')
      a.register(async (a1: App) => {
        order.push('a1')
        a1.register(async () => {
          order.push('a1x')
        })
      })
      a.register(async () => {
        order.push('a2')
      })
      order.push('a end')
    })
    app.register(async () => {
      order.push('b')
    })
    order.push('sync')
    await app.ready()
    assert.deepEqual(order, ['sync', 'a', 'a end', 'a1', 'a1x', 'a2', 'b'])
  })

  test('after: runs once the plugins registered before it are loaded, before the next ones', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    app.register(async (a: App) => {
      a.register(async () => {
        order.push('a1')
      })
      order.push('a')
    })
    app.after((err) => {
      order.push(`after a (${err ?? 'no error'})`)
    })
    app.register(async () => {
      order.push('b')
    })
    app.after(() => {
      order.push('after b')
    })
    await app.ready()
    assert.deepEqual(order, ['a', 'a1', 'after a (no error)', 'b', 'after b'])
  })

  test('after: inside a plugin it waits for that plugin’s children', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    app.register(async (c: App) => {
      c.register(async (g: App) => {
        g.register(async () => {
          order.push('great-grandchild')
        })
        order.push('grandchild')
      })
      c.after(() => {
        order.push('child after')
      })
      order.push('child')
    })
    await app.ready()
    assert.deepEqual(order, ['child', 'grandchild', 'great-grandchild', 'child after'])
  })

  test('register: returns a thenable, and await register() loads the plugin and its children first', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const order: string[] = []
    const pending = app.register(async (c: App) => {
      c.register(async () => {
        order.push('nested')
      })
      order.push('outer')
    })
    assert.equal(typeof pending.then, 'function')
    await pending
    order.push('next line')
    await app.register(plugin(async (w: App) => w.decorate('loaded', true)))
    assert.equal(read(app, 'loaded'), true)
    await app.ready()
    assert.deepEqual(order, ['outer', 'nested', 'next line'])
  })

  test('ready: resolves once, after everything loaded; its callback form gets no error', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let loaded = false
    app.register(async () => {
      await new Promise((resolve) => setImmediate(resolve))
      loaded = true
    })
    const err = await new Promise((resolve) => app.ready(resolve))
    assert.equal(err ?? null, null)
    assert.equal(loaded, true)
    await app.ready()
  })
})

describe('register(): pluginTimeout', () => {
  test('pluginTimeout: a callback plugin that never calls done fails ready() with an error naming it', async (t) => {
    const app = arbor({ pluginTimeout: 50 })
    t.after(() => app.close())
    app.register(function forgetfulPlugin(
      _instance: App,
      _opts: Record<string, unknown>,
      _done: (err?: Error) => void,
    ) {})
    await assert.rejects(app.ready(), (err) => assertTimeout(err, 'forgetfulPlugin'))
  })

  test('pluginTimeout: an async plugin that never resolves fails ready() with an error naming it', async (t) => {
    const app = arbor({ pluginTimeout: 50 })
    t.after(() => app.close())
    app.register(async function hangingPlugin() {
      await new Promise(() => {})
    })
    await assert.rejects(app.ready(), (err) => assertTimeout(err, 'hangingPlugin'))
  })

  test('pluginTimeout: the error names the nested plugin that hangs, not its parent', async (t) => {
    const app = arbor({ pluginTimeout: 50 })
    t.after(() => app.close())
    app.register(async function outerPlugin(o: App) {
      o.register(function innerPlugin(
        _i: App,
        _opts: Record<string, unknown>,
        _done: (err?: Error) => void,
      ) {})
    })
    await assert.rejects(app.ready(), (err) => assertTimeout(err, 'innerPlugin'))
  })

  test('pluginTimeout: the error uses the name given to the wrapper', async (t) => {
    const app = arbor({ pluginTimeout: 50 })
    t.after(() => app.close())
    app.register(
      plugin((_i: App, _o: Record<string, unknown>, _done: (err?: Error) => void) => {}, {
        name: 'db-connector',
      }),
    )
    await assert.rejects(app.ready(), (err) => assertTimeout(err, 'db-connector'))
  })

  test('pluginTimeout: plugins that finish in time are unaffected by a small timeout', async (t) => {
    const app = arbor({ pluginTimeout: 50 })
    t.after(() => app.close())
    app.register((i: App, _o: Record<string, unknown>, done: (err?: Error) => void) => {
      i.get('/', async () => 'ok')
      done()
    })
    assert.equal((await app.inject('/')).body, 'ok')
  })
})

describe('register(): errors raised while loading', () => {
  test('register: an error thrown in an async plugin rejects ready() with that error', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const boom = new Error('boom from plugin')
    app.register(async function explodingPlugin() {
      throw boom
    })
    await assert.rejects(app.ready(), (err: Error) => {
      assert.equal(err, boom)
      assert.equal(pluginOf(err), 'explodingPlugin')
      return true
    })
  })

  test('register: an error passed to done rejects ready() with that error', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(function failingCallback(
      _i: App,
      _o: Record<string, unknown>,
      done: (err?: Error) => void,
    ) {
      done(new Error('done with error'))
    })
    await assert.rejects(app.ready(), (err: Error) => {
      assert.equal(err.message, 'done with error')
      assert.equal(pluginOf(err), 'failingCallback')
      return true
    })
  })

  test('register: an error in a great-grandchild rejects ready() and nothing after it loads', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let laterRan = false
    app.register(async (c: App) => {
      c.register(async (g: App) => {
        g.register(async function deepFailure() {
          throw new Error('deep failure')
        })
      })
    })
    app.register(async () => {
      laterRan = true
    })
    await assert.rejects(app.ready(), (err: Error) => {
      assert.equal(err.message, 'deep failure')
      assert.equal(pluginOf(err), 'deepFailure')
      return true
    })
    assert.equal(laterRan, false)
  })

  test('register: listen() rejects with the plugin error and the server does not start', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async function brokenPlugin() {
      throw new Error('cannot start')
    })
    await assert.rejects(app.listen({ port: 0, host: '127.0.0.1' }), (err: Error) => {
      assert.equal(err.message, 'cannot start')
      assert.equal(pluginOf(err), 'brokenPlugin')
      return true
    })
    assert.equal(app.server.listening, false)
  })

  test('register: the ready() callback receives the plugin error', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register((_i: App, _o: Record<string, unknown>, done: (err?: Error) => void) =>
      done(new Error('via callback')),
    )
    const err = await new Promise<unknown>((resolve) => app.ready(resolve))
    assert.ok(err instanceof Error)
    assert.match(err.message, /via callback/)
  })

  test('after: a callback taking the error handles it, so ready() succeeds', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let handled: unknown
    app.register(async () => {
      throw new Error('recoverable')
    })
    app.after((err) => {
      handled = err?.message
    })
    await app.ready()
    assert.equal(handled, 'recoverable')
  })
})

describe('printPlugins()', () => {
  test('printPlugins: lists every plugin by function name or wrapper name, nested under its parent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async function usersModule(u: App) {
      u.register(async function usersRoutes() {})
    })
    app.register(plugin(async () => {}, { name: 'metrics-plugin' }))
    app.register(async function billing() {})
    await app.ready()
    const out = app.printPlugins()
    assert.equal(typeof out, 'string')
    for (const name of ['usersModule', 'usersRoutes', 'metrics-plugin', 'billing']) {
      assert.ok(out.includes(name), `printPlugins lists ${name}:\n${out}`)
    }
    const lines = out.split('\n')
    const lineOf = (name: string) => lines.findIndex((l) => l.includes(name))
    assert.ok(lineOf('usersModule') < lineOf('usersRoutes'))
    assert.ok(
      lines[lineOf('usersRoutes')]!.indexOf('usersRoutes') >
        lines[lineOf('usersModule')]!.indexOf('usersModule'),
    )
    assert.ok(lineOf('usersRoutes') < lineOf('metrics-plugin'))
    assert.ok(lineOf('metrics-plugin') < lineOf('billing'))
  })

  test('printPlugins: each plugin line carries a load time', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async function timedPlugin() {})
    await app.ready()
    const line = app
      .printPlugins()
      .split('\n')
      .find((l) => l.includes('timedPlugin'))
    assert.ok(line)
    assert.match(line, /\d+(\.\d+)? ?ms/)
  })
})
