// The plugin wrapper (spec "Encapsulation rules" 6): arbor's plugin() and the fastify-plugin
// package mark a function the same way, arbor honours both, and the wrapper's meta (name,
// dependencies, decorators, version range) is checked at load time.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, {
  type ArborInstance,
  type ArborReply,
  type ArborRequest,
  errorCodes,
  plugin,
} from '../../src/index.ts'

type App = ArborInstance

// fastify-plugin's typings name Fastify's instance type; at runtime it has plugin()'s shape,
// (fn, meta) => fn, which is exactly what these tests compare.
const fastifyPlugin = fp as unknown as typeof plugin

const SKIP_OVERRIDE = Symbol.for('skip-override')
const DISPLAY_NAME = Symbol.for('fastify.display-name')
const PLUGIN_META = Symbol.for('plugin-meta')

const marks = (fn: object) => {
  const f = fn as Record<symbol, unknown>
  return { skip: f[SKIP_OVERRIDE], name: f[DISPLAY_NAME], meta: f[PLUGIN_META] }
}

const read = (target: object, key: string): unknown => (target as Record<string, unknown>)[key]

const WRAPPERS: ReadonlyArray<readonly [string, typeof plugin]> = [
  ['arbor plugin()', plugin],
  ['fastify-plugin', fastifyPlugin],
]

describe('plugin(): the marks it sets', () => {
  test('plugin: returns the function it was given', () => {
    const fn = async function myPlugin() {}
    assert.equal(plugin(fn), fn)
  })

  for (const meta of [
    { name: 'db' },
    {
      name: 'full-meta',
      fastify: '4.x',
      dependencies: ['db'],
      decorators: { fastify: ['db'], request: ['user'], reply: ['view'] },
    },
  ]) {
    test(`plugin: sets skip-override, display-name and plugin-meta exactly as fastify-plugin does (${meta.name})`, () => {
      const ours = marks(plugin(async function a() {}, structuredClone(meta)))
      const theirs = marks(fp(async function a() {}, structuredClone(meta)))
      assert.deepEqual(ours, theirs)
      assert.deepEqual(ours, { skip: true, name: meta.name, meta })
    })
  }

  test('plugin: without a name, the display name is derived from the function name as fastify-plugin does', () => {
    const ours = marks(plugin(async function cachePlugin() {}))
    const theirs = marks(fp(async function cachePlugin() {}))
    assert.match(String(ours.name), /^cachePlugin-auto-\d+$/)
    assert.match(String(theirs.name), /^cachePlugin-auto-\d+$/)
    assert.equal(ours.skip, true)
    assert.deepEqual(ours.meta, { name: ours.name })
  })

  test('plugin: encapsulate: true keeps the meta but does not skip the override', () => {
    const ours = marks(plugin(async function e() {}, { name: 'enc', encapsulate: true }))
    const theirs = marks(fp(async function e() {}, { name: 'enc', encapsulate: true }))
    assert.deepEqual(ours, theirs)
    assert.equal(ours.skip, false)
  })
})

describe('plugin() and fastify-plugin behave the same', () => {
  for (const [label, wrap] of WRAPPERS) {
    test(`Encapsulation rules 6: everything registered inside a plugin wrapped with ${label} lands in the parent`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      const hookRuns: string[] = []
      let optionsSeen: unknown
      app.register(
        wrap(async (w: App, opts: Record<string, unknown>) => {
          optionsSeen = opts
          w.decorate('db', 'db')
          w.decorateRequest('user', 'ada')
          w.decorateReply('view', 'html')
          w.addHook('onRequest', async (request: ArborRequest) => {
            hookRuns.push(request.url)
          })
          w.addSchema({ $id: 'lifted', type: 'object', properties: { a: { type: 'integer' } } })
          w.addContentTypeParser(
            'text/csv',
            { parseAs: 'string' },
            (_r: ArborRequest, body: string | Buffer) => Promise.resolve(String(body).split(',')),
          )
          w.setErrorHandler(async (error, _request: ArborRequest, reply: ArborReply) => {
            reply.code(599)
            return { handledBy: 'wrapped', message: error.message }
          })
          w.setNotFoundHandler(async (_request: ArborRequest, reply: ArborReply) => {
            reply.code(404)
            return { notFoundBy: 'wrapped' }
          })
          // A plugin registered inside is a child of the parent context, its routes included.
          w.register(
            wrap(async (inner: App) => {
              inner.decorate('innerDb', 'inner')
            }),
          )
          w.get('/from-wrapped', async () => 'route of the wrapped plugin')
        }),
        // Options still reach a wrapped plugin.
        { some: 'option' },
      )
      app.get('/decorators', async (request, reply) => ({
        db: read(app, 'db'),
        innerDb: read(app, 'innerDb'),
        user: read(request, 'user'),
        view: read(reply, 'view'),
      }))
      app.post('/csv', async (request) => request.body)
      app.get('/fail', async () => {
        throw new Error('nope')
      })
      app.get('/schema', { schema: { response: { 200: { $ref: 'lifted#' } } } }, async () => ({
        a: 1,
        b: 2,
      }))

      assert.deepEqual((await app.inject('/decorators')).json(), {
        db: 'db',
        innerDb: 'inner',
        user: 'ada',
        view: 'html',
      })
      assert.deepEqual(
        (
          await app.inject({
            method: 'POST',
            url: '/csv',
            payload: 'x,y',
            headers: { 'content-type': 'text/csv' },
          })
        ).json(),
        ['x', 'y'],
      )
      const fail = await app.inject('/fail')
      assert.equal(fail.statusCode, 599)
      assert.deepEqual(fail.json(), { handledBy: 'wrapped', message: 'nope' })
      const missing = await app.inject('/missing')
      assert.equal(missing.statusCode, 404)
      assert.deepEqual(missing.json(), { notFoundBy: 'wrapped' })
      assert.deepEqual((await app.inject('/schema')).json(), { a: 1 })
      assert.equal((await app.inject('/from-wrapped')).body, 'route of the wrapped plugin')
      assert.deepEqual(Object.keys(app.getSchemas()), ['lifted'])
      assert.ok(hookRuns.includes('/decorators'))
      assert.equal(app.hasContentTypeParser('text/csv'), true)
      assert.deepEqual(optionsSeen, { some: 'option' })
    })
  }

  test('plugin: a function marked by hand with Symbol.for("skip-override") also runs in the parent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const fn = async (i: App) => {
      i.decorate('byHand', true)
    }
    ;(fn as unknown as Record<symbol, unknown>)[SKIP_OVERRIDE] = true
    app.register(fn)
    await app.ready()
    assert.equal(read(app, 'byHand'), true)
  })

  for (const [label, wrap] of WRAPPERS) {
    test(`plugin: ${label} with encapsulate: true creates a context like an unwrapped plugin`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(
        wrap(
          async (i: App) => {
            i.decorate('kept', true)
          },
          { name: 'encapsulated', encapsulate: true },
        ),
      )
      await app.ready()
      assert.equal(app.hasDecorator('kept'), false)
    })
  }
})

describe('plugin() meta', () => {
  for (const [label, wrap] of WRAPPERS) {
    test(`plugin meta (${label}): dependencies registered before are satisfied, at the same level or in an ancestor`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      const loaded: string[] = []
      app.register(wrap(async () => void loaded.push('db'), { name: 'db' }))
      app.register(
        wrap(async () => void loaded.push('repo'), { name: 'repo', dependencies: ['db'] }),
      )
      app.register(async (c: App) => {
        c.register(async (g: App) => {
          g.register(
            wrap(async () => void loaded.push('deep'), {
              name: 'deep',
              dependencies: ['db', 'repo'],
            }),
          )
        })
      })
      await app.ready()
      assert.deepEqual(loaded, ['db', 'repo', 'deep'])
    })

    test(`plugin meta (${label}): a missing dependency rejects ready() naming the plugin and the dependency`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(wrap(async () => {}, { name: 'repo', dependencies: ['database'] }))
      await assert.rejects(app.ready(), (err: Error) => {
        assert.ok(err instanceof errorCodes.FST_ERR_PLUGIN_DEPENDENCY_MISSING)
        assert.equal(err.message, "The dependency 'database' of plugin 'repo' is not registered")
        return true
      })
    })

    test(`plugin meta (${label}): a dependency registered after the dependent plugin is missing`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(wrap(async () => {}, { name: 'repo', dependencies: ['db'] }))
      app.register(wrap(async () => {}, { name: 'db' }))
      await assert.rejects(app.ready(), /db/)
    })

    test(`Encapsulation rules 4: plugin meta (${label}): a dependency registered in a sibling is missing`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(async (a: App) => a.register(wrap(async () => {}, { name: 'db' })))
      app.register(async (b: App) =>
        b.register(wrap(async () => {}, { name: 'repo', dependencies: ['db'] })),
      )
      await assert.rejects(app.ready(), /repo/)
    })

    test(`plugin meta (${label}): required decorators present in the context are accepted`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.decorate('db', {})
      app.decorateRequest('user', null)
      app.decorateReply('view', null)
      let ran = false
      app.register(async (c: App) => {
        c.register(
          wrap(
            async () => {
              ran = true
            },
            {
              name: 'needs-all',
              decorators: { fastify: ['db'], request: ['user'], reply: ['view'] },
            },
          ),
        )
      })
      await app.ready()
      assert.equal(ran, true)
    })

    for (const kind of ['fastify', 'request', 'reply'] as const) {
      test(`plugin meta (${label}): a missing ${kind} decorator rejects ready() with FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE naming the plugin`, async (t) => {
        const app = arbor()
        t.after(() => app.close())
        let ran = false
        app.register(
          wrap(
            async () => {
              ran = true
            },
            { name: 'needs-decorator', decorators: { [kind]: ['missingThing'] } },
          ),
        )
        await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
          assert.equal(err.code, 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE')
          assert.match(err.message, /needs-decorator/)
          assert.match(err.message, /missingThing/)
          return true
        })
        assert.equal(ran, false)
      })
    }

    test(`plugin meta (${label}): a required decorator registered only in a child is missing in the parent`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(async (c: App) => c.decorate('db', {}))
      app.register(wrap(async () => {}, { name: 'needs-db', decorators: { fastify: ['db'] } }))
      await assert.rejects(app.ready(), /needs-db/)
    })

    for (const range of ['4.x', '>=4.25.0', '^4.25.2', '5.x', '>=4.26.0', '^5.0.0']) {
      test(`plugin meta (${label}): fastify: '${range}' is accepted (arbor implements the 4.25.2 and 5.12.1 APIs)`, async (t) => {
        const app = arbor()
        t.after(() => app.close())
        let ran = false
        app.register(
          wrap(
            async () => {
              ran = true
            },
            { name: `wants-${range}`, fastify: range },
          ),
        )
        await app.ready()
        assert.equal(ran, true)
      })
    }

    for (const range of ['6.x', '3.x', '>=5.13.0']) {
      test(`plugin meta (${label}): fastify: '${range}' is rejected with FST_ERR_PLUGIN_VERSION_MISMATCH naming the plugin`, async (t) => {
        const app = arbor()
        t.after(() => app.close())
        app.register(wrap(async () => {}, { name: 'picky-plugin', fastify: range }))
        await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
          assert.equal(err.code, 'FST_ERR_PLUGIN_VERSION_MISMATCH')
          assert.match(err.message, /picky-plugin/)
          assert.ok(err.message.includes(range), err.message)
          return true
        })
      })
    }

    test(`plugin meta (${label}): the name appears in printPlugins()`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(wrap(async () => {}, { name: 'shown-by-name' }))
      await app.ready()
      assert.ok(app.printPlugins().includes('shown-by-name'), app.printPlugins())
    })
  }

  test('plugin meta: decorators.instance is a synonym of decorators.fastify (arbor)', async (t) => {
    const ok = arbor()
    t.after(() => ok.close())
    ok.decorate('db', {})
    ok.register(
      plugin(async () => {}, { name: 'needs-instance-db', decorators: { instance: ['db'] } }),
    )
    await ok.ready()

    const missing = arbor()
    t.after(() => missing.close())
    missing.register(
      plugin(async () => {}, { name: 'needs-instance-db', decorators: { instance: ['db'] } }),
    )
    await assert.rejects(missing.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE')
      assert.match(err.message, /needs-instance-db/)
      return true
    })
  })

  test('plugin meta: an arbor version range is checked against arbor’s own version', async (t) => {
    const ok = arbor()
    t.after(() => ok.close())
    let ran = false
    ok.register(
      plugin(
        async () => {
          ran = true
        },
        { name: 'wants-arbor-0', arbor: '>=0.1.0 <1' },
      ),
    )
    await ok.ready()
    assert.equal(ran, true)

    const tooNew = arbor()
    t.after(() => tooNew.close())
    tooNew.register(plugin(async () => {}, { name: 'wants-arbor-9', arbor: '>=9' }))
    await assert.rejects(tooNew.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_PLUGIN_VERSION_MISMATCH')
      assert.match(err.message, /wants-arbor-9/)
      return true
    })
  })

  test('plugin meta: a meta error is tagged with the plugin that declared it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(plugin(async () => {}, { name: 'tagged-plugin', fastify: '6.x' }))
    await assert.rejects(app.ready(), (err: Error) => {
      assert.equal((err as { plugin?: unknown }).plugin, 'tagged-plugin')
      return true
    })
  })
})
