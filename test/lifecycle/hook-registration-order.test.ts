// When addHook takes effect, as in Fastify 4.25 and 5: the request hooks and onRegister wait,
// like an `after()`, for what was registered before them to load; onRoute, onReady, onListen
// and onClose are added at once (preClose depends on the line: test/lines/queue-pre-close-hook).
// So a root hook added after `register(plugin)` runs after the hooks that plugin added.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'

type Log = string[]

// the hooks that may hand back the payload they were given
const payloadKinds = new Set(['preParsing', 'preSerialization', 'onSend'])

/** Adds an async hook of any request kind that logs its name. */
function addLogged(app: ArborInstance, kind: string, log: Log, name: string): void {
  const hook = async (...args: unknown[]) => {
    log.push(name)
    return payloadKinds.has(kind) ? args[2] : undefined
  }
  ;(app.addHook as (kind: string, fn: Function) => void)(kind, hook)
}

describe('addHook order behind register()', () => {
  test('a root hook added after a wrapped plugin runs after the plugin’s hook', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    app.register(plugin(async (instance) => addLogged(instance, 'onRequest', log, 'plugin')))
    addLogged(app, 'onRequest', log, 'root')
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(log, ['plugin', 'root'])
  })

  test('a root hook added before a wrapped plugin runs before the plugin’s hook', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    addLogged(app, 'onRequest', log, 'root')
    app.register(plugin(async (instance) => addLogged(instance, 'onRequest', log, 'plugin')))
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(log, ['root', 'plugin'])
  })

  test('every queued request hook kind waits for the plugin registered before it', async (t) => {
    const kinds = [
      'onRequest',
      'preParsing',
      'preValidation',
      'preHandler',
      'preSerialization',
      'onSend',
      'onResponse',
    ]
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    app.register(
      plugin(async (instance) => {
        for (const kind of kinds) addLogged(instance, kind, log, `plugin ${kind}`)
      }),
    )
    for (const kind of kinds) addLogged(app, kind, log, `root ${kind}`)
    let responded!: () => void
    const done = new Promise<void>((resolve) => {
      responded = resolve
    })
    app.get('/', { onResponse: async () => responded() }, async () => ({ ok: true }))
    await app.inject('/')
    await done
    assert.deepEqual(
      log,
      kinds.flatMap((kind) => [`plugin ${kind}`, `root ${kind}`]),
    )
  })

  test('onError waits too: the plugin’s onError runs before the root’s added after it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    app.register(plugin(async (instance) => addLogged(instance, 'onError', log, 'plugin')))
    addLogged(app, 'onError', log, 'root')
    app.get('/', async () => {
      throw new Error('kaboom')
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.deepEqual(log, ['plugin', 'root'])
  })

  test('nested wrapped plugins: the innermost plugin’s hook first, the root’s last', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    app.register(
      plugin(async (outer) => {
        outer.register(plugin(async (inner) => addLogged(inner, 'onRequest', log, 'inner')))
        addLogged(outer, 'onRequest', log, 'outer')
      }),
    )
    addLogged(app, 'onRequest', log, 'root')
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(log, ['inner', 'outer', 'root'])
  })

  test('an encapsulated child: a root hook added after register() reaches the child after the child’s own hooks', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    addLogged(app, 'onRequest', log, 'root before')
    app.register(async (child) => {
      addLogged(child, 'onRequest', log, 'child')
      child.register(async (grandchild) => {
        addLogged(grandchild, 'onRequest', log, 'grandchild')
        grandchild.get('/deep', async () => 'ok')
      })
    })
    addLogged(app, 'onRequest', log, 'root after')
    await app.inject('/deep')
    assert.deepEqual(log, ['root before', 'child', 'grandchild', 'root after'])
  })

  test('a route added before everything runs the hooks in the order they were queued', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    app.get('/', async () => 'ok')
    app.register(plugin(async (instance) => addLogged(instance, 'onRequest', log, 'plugin')))
    addLogged(app, 'onRequest', log, 'root')
    await app.inject('/')
    assert.deepEqual(log, ['plugin', 'root'])
  })

  test('after(): a hook added in an after callback takes its place between the plugins', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    app.register(plugin(async (instance) => addLogged(instance, 'onRequest', log, 'plugin')))
    app.after(() => addLogged(app, 'onRequest', log, 'in after'))
    addLogged(app, 'onRequest', log, 'root')
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(log, ['plugin', 'in after', 'root'])
  })

  test('inside a plugin, a hook added by its own after callback comes before one added later by the plugin', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    app.register(
      plugin(async (instance) => {
        instance.after(() => addLogged(instance, 'onRequest', log, 'plugin after'))
        addLogged(instance, 'onRequest', log, 'plugin')
      }),
    )
    addLogged(app, 'onRequest', log, 'root')
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(log, ['plugin after', 'plugin', 'root'])
  })

  test('await register(): hooks keep the order of the code around it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    addLogged(app, 'onRequest', log, 'root 1')
    await app.register(plugin(async (instance) => addLogged(instance, 'onRequest', log, 'plugin')))
    addLogged(app, 'onRequest', log, 'root 2')
    app.get('/', async () => 'ok')
    await app.inject('/')
    assert.deepEqual(log, ['root 1', 'plugin', 'root 2'])
  })

  test('onRegister is queued: it is not called for a plugin registered before it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.register(async function first() {}, { tag: 'first' })
    app.addHook('onRegister', (_instance, options) => {
      seen.push(String((options as { tag?: string }).tag))
    })
    app.register(async function second() {}, { tag: 'second' })
    await app.ready()
    assert.deepEqual(seen, ['second'])
  })

  test('onRoute is added at once: it sees the routes of a plugin registered before it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.register(plugin(async (instance) => instance.get('/from-plugin', async () => 'ok')))
    app.addHook('onRoute', (options) => {
      seen.push(`${String(options.method)} ${options.url}`)
    })
    await app.ready()
    assert.deepEqual(seen, ['GET /from-plugin', 'HEAD /from-plugin'])
  })

  test('onReady is added at once: the root’s runs before that of a plugin registered earlier', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: Log = []
    app.register(
      plugin(async (instance) => instance.addHook('onReady', async () => log.push('plugin'))),
    )
    app.addHook('onReady', async () => {
      log.push('root')
    })
    await app.ready()
    assert.deepEqual(log, ['root', 'plugin'])
  })

  test('a request hook added while onReady hooks run is refused: loading has ended', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let refused: Error | undefined
    app.addHook('onReady', async () => {
      try {
        app.addHook('onRequest', async () => {})
      } catch (err) {
        refused = err as Error
      }
    })
    await app.ready()
    assert.equal(refused?.message, 'Root plugin has already booted')
  })
})
