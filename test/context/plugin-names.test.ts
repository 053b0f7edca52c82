// How plugins are named and recognised, as in Fastify 4.25: instance.pluginName chains,
// hasPlugin() and encapsulation, names of anonymous plugins, the options function, the
// FSTWRN002 warning and the `fastify` version range of a plugin's meta.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { runInThisContext } from 'node:vm'
import fp from 'fastify-plugin'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'

type App = ArborInstance
type Done = (err?: Error) => void

describe('instance.pluginName', () => {
  test('the root is named fastify; a wrapped plugin appends its name to the chain of the context it runs in', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const names: string[] = []
    app.register(
      plugin(
        async (a: App) => {
          names.push(a.pluginName)
          a.register(
            plugin(async (ab: App) => void names.push(ab.pluginName), { name: 'plugin-AB' }),
          )
        },
        { name: 'plugin-A' },
      ),
    )
    app.register(plugin(async (b: App) => void names.push(b.pluginName), { name: 'plugin-B' }))
    assert.equal(app.pluginName, 'fastify')
    await app.ready()
    assert.deepEqual(names, [
      'fastify -> plugin-A',
      'fastify -> plugin-A -> plugin-AB',
      'fastify -> plugin-A -> plugin-AB -> plugin-B',
    ])
  })

  test('an encapsulated plugin is named by its function name, an anonymous one by the first two lines of its source', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const names: string[] = []
    app.register(function namedPlugin(i: App, _o: unknown, done: Done) {
      names.push(i.pluginName)
      done()
    })
    // compiled from source text, so that its source is exactly what a user would have written
    app.register(
      runInThisContext(
        '(names) => function (i, opts, done) {\n  // second line\n  names.push(i.pluginName)\n  done()\n}',
      )(names),
    )
    await app.ready()
    assert.equal(names[0], 'namedPlugin')
    assert.equal(names[1], 'function (i, opts, done) { -- // second line')
  })

  test('plugin() without a name on an anonymous function names it after the file that wrapped it, as fastify-plugin does', () => {
    const displayName = (fn: unknown) =>
      (fn as Record<symbol, string>)[Symbol.for('fastify.display-name')]
    const ours = displayName(plugin(async () => {}))
    const theirs = displayName(fp(async () => {}))
    assert.equal(ours.replace(/-auto-\d+$/, ''), theirs.replace(/-auto-\d+$/, ''))
    assert.match(ours, /^names\.test-auto-\d+$/)
  })

  test('printPlugins names the root bound root', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.ready()
    assert.match(app.printPlugins(), /^bound root\n/)
  })
})

describe('hasPlugin()', () => {
  test('an encapsulated plugin knows itself, not its parent or siblings', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: Record<string, boolean[]> = {}
    const check = (label: string, i: App) => {
      seen[label] = ['pluginA', 'pluginAA', 'pluginB'].map((name) => i.hasPlugin(name))
    }
    app.register(function pluginA(a: App, _o: unknown, done: Done) {
      check('A', a)
      a.register(function pluginAA(aa: App, _opts: unknown, next: Done) {
        check('AA', aa)
        next()
      })
      done()
    })
    app.register(function pluginB(b: App, _o: unknown, done: Done) {
      check('B', b)
      done()
    })
    await app.ready()
    assert.deepEqual(seen, {
      A: [true, false, false],
      AA: [false, true, false],
      B: [false, false, true],
    })
    assert.equal(app.hasPlugin('fastify'), true)
    assert.equal(app.hasPlugin('pluginA'), false)
  })

  test('a wrapped plugin’s name is visible to its context and the contexts created below it later', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: boolean[] = []
    app.register(plugin((_i: App, _o: unknown, done: Done) => done(), { name: 'awesome-plugin' }))
    app.register(async (child: App) => {
      seen.push(child.hasPlugin('awesome-plugin'))
      child.register(async (grandchild: App) => {
        seen.push(grandchild.hasPlugin('awesome-plugin'))
      })
    })
    await app.ready()
    assert.deepEqual(seen, [true, true])
    assert.equal(app.hasPlugin('awesome-plugin'), true)
  })
})

describe('register(plugin, optionsFunction)', () => {
  test('the options function receives the new child instance, and may return undefined', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let seenByOptions: unknown
    let child: App | undefined
    let received: unknown = 'not called'
    app.register(
      async (instance: App, opts: unknown) => {
        child = instance
        received = opts
      },
      (instance: App) => {
        seenByOptions = instance
        return undefined as unknown as Record<string, unknown>
      },
    )
    await app.ready()
    assert.equal(seenByOptions, child)
    assert.notEqual(seenByOptions, app)
    assert.equal(received, undefined)
  })

  test('for a wrapped plugin the options function receives the parent, so it can decorate it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let seen: unknown
    app.register(
      plugin(async (i: App) => {
        seen = (i as unknown as Record<string, () => string>).greet!()
      }),
      (instance: App) => {
        instance.decorate('greet', () => 'hello')
        return {}
      },
    )
    await app.ready()
    assert.equal(seen, 'hello')
    assert.equal(app.hasDecorator('greet'), true)
  })
})

describe('plugin checks at load time', () => {
  test('FSTWRN002: an async plugin that also takes done is warned about, once per plugin', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const warnings: Array<{ name: string; code?: string; message: string }> = []
    const onWarning = (w: Error & { code?: string }) => {
      if (w.code === 'FSTWRN002') warnings.push(w)
    }
    process.on('warning', onWarning)
    t.after(() => process.removeListener('warning', onWarning))
    app.register(async function mixedStyle(_i: App, _o: unknown, done: Done) {
      done()
    })
    app.register(async function asyncOnly() {})
    await app.ready()
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(warnings.length, 1)
    assert.equal(warnings[0]!.name, 'FastifyWarning')
    assert.match(
      warnings[0]!.message,
      /The mixedStyle plugin being registered mixes async and callback styles/,
    )
  })

  test('the fastify range is checked against instance.version at load time, release candidates accept the prior line', async (t) => {
    const rc = arbor()
    t.after(() => rc.close())
    Object.defineProperty(rc, 'version', { value: '99.0.0-rc.1' })
    const loaded: string[] = []
    rc.register(plugin(async () => void loaded.push('99.x'), { name: 'next', fastify: '99.x' }))
    rc.register(
      plugin(async () => void loaded.push('^98.1.0'), { name: 'prior', fastify: '^98.1.0' }),
    )
    await rc.ready()
    assert.deepEqual(loaded, ['99.x', '^98.1.0'])

    const stable = arbor()
    t.after(() => stable.close())
    Object.defineProperty(stable, 'version', { value: '99.0.0' })
    stable.register(plugin(async () => {}, { name: 'old', fastify: '^98.1.0' }))
    await assert.rejects(stable.ready(), { code: 'FST_ERR_PLUGIN_VERSION_MISMATCH' })
  })

  test('a missing decorator is reported as Fastify words it, Fastify decorators first, then Reply, then Request', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorate('plugin1', true)
    app.decorateReply('plugin1', true)
    app.register(
      plugin(async () => {}, {
        name: 'the-plugin',
        decorators: { fastify: ['plugin1'], reply: ['plugin1'], request: ['plugin1'] },
      }),
    )
    await assert.rejects(app.ready(), {
      message: "The decorator 'plugin1' required by 'the-plugin' is not present in Request",
    })
  })
})
