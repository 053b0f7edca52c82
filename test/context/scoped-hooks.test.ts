// Spec "Encapsulation rules" applied to hooks: a hook runs for the routes of the context it
// was added in and of that context's descendants, root hooks first.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, {
  type ArborInstance,
  type ArborReply,
  type ArborRequest,
  plugin,
} from '../../src/index.ts'

type App = ArborInstance

// fastify-plugin's typings name Fastify's instance type; at runtime it has plugin()'s shape,
// (fn, meta) => fn, which is exactly what these tests compare.
const fastifyPlugin = fp as unknown as typeof plugin

// Which hooks ran for which request, recorded outside the request object so the test
// depends on nothing but hooks running.
const trails = new WeakMap<object, string[]>()
const trail = (request: object): string[] => {
  let list = trails.get(request)
  if (!list) trails.set(request, (list = []))
  return list
}

function addHooks(instance: App, name: string): void {
  instance.addHook('onRequest', async (request: ArborRequest) => {
    trail(request).push(`${name}:onRequest`)
  })
  instance.addHook('preHandler', async (request: ArborRequest) => {
    trail(request).push(`${name}:preHandler`)
  })
  instance.get(`/${name}`, async (request) => trail(request))
}

// root ─┬─ child ── grandchild ── greatGrandchild
//       └─ sibling ── siblingChild
function buildTree(): App {
  const app = arbor()
  addHooks(app, 'root')
  app.register(async (c: App) => {
    addHooks(c, 'child')
    c.register(async (g: App) => {
      addHooks(g, 'grandchild')
      g.register(async (gg: App) => {
        addHooks(gg, 'greatGrandchild')
      })
    })
  })
  app.register(async (s: App) => {
    addHooks(s, 'sibling')
    s.register(async (sc: App) => {
      addHooks(sc, 'siblingChild')
    })
  })
  return app
}

const expectedTrail = (...contexts: string[]): string[] => [
  ...contexts.map((c) => `${c}:onRequest`),
  ...contexts.map((c) => `${c}:preHandler`),
]

async function trailOf(app: App, url: string): Promise<string[]> {
  const res = await app.inject(url)
  assert.equal(res.statusCode, 200, url)
  return res.json() as string[]
}

describe('Encapsulation rules: hooks', () => {
  test('Encapsulation rules 1: hooks of every level run, outermost first, down to the great-grandchild', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    assert.deepEqual(
      await trailOf(app, '/greatGrandchild'),
      expectedTrail('root', 'child', 'grandchild', 'greatGrandchild'),
    )
  })

  test('Encapsulation rules 2: a route runs the hooks of the root and of each ancestor', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    assert.deepEqual(await trailOf(app, '/child'), expectedTrail('root', 'child'))
    assert.deepEqual(
      await trailOf(app, '/grandchild'),
      expectedTrail('root', 'child', 'grandchild'),
    )
    assert.deepEqual(
      await trailOf(app, '/siblingChild'),
      expectedTrail('root', 'sibling', 'siblingChild'),
    )
  })

  test('Encapsulation rules 3: descendant hooks never run for an ancestor’s routes', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    assert.deepEqual(await trailOf(app, '/root'), expectedTrail('root'))
    assert.deepEqual(await trailOf(app, '/child'), expectedTrail('root', 'child'))
  })

  test('Encapsulation rules 4: a sibling’s hooks and its descendants’ hooks never run', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    assert.deepEqual(await trailOf(app, '/sibling'), expectedTrail('root', 'sibling'))
    const deep = await trailOf(app, '/greatGrandchild')
    assert.ok(!deep.some((entry) => entry.startsWith('sibling')), deep.join(','))
  })

  test('Encapsulation rules 3: a hook added in a child does not run for 404s of the parent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let childHookRan = false
    app.register(async (c: App) => {
      c.addHook('onRequest', async () => {
        childHookRan = true
      })
    })
    const res = await app.inject('/missing')
    assert.equal(res.statusCode, 404)
    assert.equal(childHookRan, false)
  })

  for (const [label, wrap] of [
    ['arbor plugin()', plugin],
    ['fastify-plugin', fastifyPlugin],
  ] as const) {
    test(`Encapsulation rules 6: hooks added in a plugin wrapped with ${label} run for the parent’s routes`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(async (c: App) => {
        c.register(
          wrap(async (w: App) => {
            w.addHook('onRequest', async (request: ArborRequest) => {
              trail(request).push('wrapped:onRequest')
            })
          }),
        )
        c.get('/child', async (request: ArborRequest) => trail(request))
      })
      app.get('/root', async (request) => trail(request))
      assert.deepEqual(await trailOf(app, '/child'), ['wrapped:onRequest'])
      // One level only: the root is the wrapped plugin's grandparent.
      assert.deepEqual(await trailOf(app, '/root'), [])
    })
  }

  test('Encapsulation rules 6: an onSend hook from a wrapped plugin changes the parent’s responses', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      plugin(async (w: App) => {
        w.addHook('onSend', async (_request: ArborRequest, reply: ArborReply, payload: unknown) => {
          reply.header('x-wrapped', 'yes')
          return payload
        })
      }),
    )
    app.get('/', async () => ({ ok: true }))
    const res = await app.inject('/')
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['x-wrapped'], 'yes')
    assert.deepEqual(res.json(), { ok: true })
  })

  test('Encapsulation rules 7: a grandchild’s hook runs for its parent only when wrapped', async (t) => {
    for (const wrapped of [false, true]) {
      const app = arbor()
      t.after(() => app.close())
      app.register(async (parent: App) => {
        const grandchild = async (g: App) => {
          g.addHook('preHandler', async (request: ArborRequest) => {
            trail(request).push('grandchild:preHandler')
          })
        }
        parent.register(wrapped ? plugin(grandchild) : grandchild)
        parent.get('/parent', async (request: ArborRequest) => trail(request))
      })
      assert.deepEqual(
        await trailOf(app, '/parent'),
        wrapped ? ['grandchild:preHandler'] : [],
        `wrapped: ${wrapped}`,
      )
    }
  })
})
