// Spec "Shared schema": addSchema is encapsulated like other registrations; getSchemas()
// returns the schemas of the calling context and its ancestors only.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, { type ArborInstance, type ArborRequest, plugin } from '../../src/index.ts'

type App = ArborInstance

// fastify-plugin's typings name Fastify's instance type; at runtime it has plugin()'s shape,
// (fn, meta) => fn, which is exactly what these tests compare.
const fastifyPlugin = fp as unknown as typeof plugin

const stringSchema = (id: string) => ({ $id: id, type: 'string' })

interface Views {
  root: string[]
  child: string[]
  grandchild: string[]
  greatGrandchild: string[]
  sibling: string[]
  siblingChild: string[]
}

// Each context adds a schema named after itself and, once everything is loaded, reports
// the ids its getSchemas() returns (read at request time, when the whole tree exists).
function buildTree(): App {
  const app = arbor()
  const report = (instance: App, name: string) => {
    instance.addSchema(stringSchema(name))
    instance.get(`/${name}`, async () => Object.keys(instance.getSchemas()).sort())
  }
  report(app, 'root')
  app.register(async (c: App) => {
    report(c, 'child')
    c.register(async (g: App) => {
      report(g, 'grandchild')
      g.register(async (gg: App) => report(gg, 'greatGrandchild'))
    })
  })
  app.register(async (s: App) => {
    report(s, 'sibling')
    s.register(async (sc: App) => report(sc, 'siblingChild'))
  })
  return app
}

async function views(app: App): Promise<Views> {
  const out: Record<string, string[]> = {}
  for (const name of [
    'root',
    'child',
    'grandchild',
    'greatGrandchild',
    'sibling',
    'siblingChild',
  ]) {
    const res = await app.inject(`/${name}`)
    assert.equal(res.statusCode, 200)
    out[name] = res.json() as string[]
  }
  return out as unknown as Views
}

describe('Encapsulation rules: shared schemas', () => {
  test('Encapsulation rules 2: getSchemas() in a context returns its own and every ancestor’s schemas', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    const v = await views(app)
    assert.deepEqual(v.child, ['child', 'root'])
    assert.deepEqual(v.grandchild, ['child', 'grandchild', 'root'])
    assert.deepEqual(v.greatGrandchild, ['child', 'grandchild', 'greatGrandchild', 'root'])
    assert.deepEqual(v.siblingChild, ['root', 'sibling', 'siblingChild'])
  })

  test('Encapsulation rules 3: a schema added in a child is not returned in the parent', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    const v = await views(app)
    assert.deepEqual(v.root, ['root'])
    assert.deepEqual(Object.keys(app.getSchemas()), ['root'])
    assert.equal(app.getSchema('child'), undefined)
    assert.equal(app.getSchema('greatGrandchild'), undefined)
    assert.deepEqual(app.getSchema('root'), { $id: 'root', type: 'string' })
  })

  test('Encapsulation rules 4: a sibling’s schemas and its descendants’ schemas are not visible', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    const v = await views(app)
    assert.deepEqual(v.sibling, ['root', 'sibling'])
    assert.ok(!v.greatGrandchild.includes('sibling'))
    assert.ok(!v.greatGrandchild.includes('siblingChild'))
  })

  test('Encapsulation rules 2: getSchema(id) finds an ancestor’s schema from a great-grandchild', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addSchema({ $id: 'https://example.com/root.json', type: 'object' })
    let found: unknown = 'not read'
    let siblingSchema: unknown = 'not read'
    app.register(async (c: App) => {
      c.addSchema({ $id: 'child', type: 'integer' })
      c.register(async (g: App) => {
        g.register(async (gg: App) => {
          gg.get('/', async () => {
            found = [gg.getSchema('https://example.com/root.json'), gg.getSchema('child')]
            siblingSchema = gg.getSchema('sibling')
            return 'ok'
          })
        })
      })
    })
    app.register(async (s: App) => {
      s.addSchema({ $id: 'sibling', type: 'string' })
    })
    assert.equal((await app.inject('/')).statusCode, 200)
    assert.deepEqual(found, [
      { $id: 'https://example.com/root.json', type: 'object' },
      { $id: 'child', type: 'integer' },
    ])
    assert.equal(siblingSchema, undefined)
  })

  test('Encapsulation rules 2: a grandchild route validates against a $ref to the root’s shared schema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addSchema({
      $id: 'user',
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    })
    app.register(async (c: App) => {
      c.register(async (g: App) => {
        g.post(
          '/users',
          { schema: { body: { $ref: 'user#' } } },
          async (request: ArborRequest) => request.body,
        )
      })
    })
    const bad = await app.inject({ method: 'POST', url: '/users', payload: {} })
    assert.equal(bad.statusCode, 400)
    const good = await app.inject({ method: 'POST', url: '/users', payload: { name: 'ada' } })
    assert.equal(good.statusCode, 200)
    assert.deepEqual(good.json(), { name: 'ada' })
  })

  test('Encapsulation rules 3: a parent route cannot $ref a schema added in a child, so the app fails to start', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (c: App) => {
      c.addSchema({ $id: 'childOnly', type: 'object', properties: { a: { type: 'string' } } })
    })
    app.post('/x', { schema: { body: { $ref: 'childOnly#' } } }, async () => 'never')
    await assert.rejects(app.ready(), (err: Error) => {
      assert.match(err.message, /childOnly/)
      return true
    })
  })

  test('Encapsulation rules 4: a route cannot $ref a schema added in a sibling', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (a: App) => {
      a.addSchema({ $id: 'fromA', type: 'object', properties: { a: { type: 'string' } } })
    })
    app.register(async (b: App) => {
      b.post('/b', { schema: { body: { $ref: 'fromA#' } } }, async () => 'never')
    })
    await assert.rejects(app.ready(), /fromA/)
  })

  test('Encapsulation rules 4: siblings may add schemas with the same $id without conflict', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    for (const [name, type] of [
      ['left', 'integer'],
      ['right', 'string'],
    ] as const) {
      app.register(async (s: App) => {
        s.addSchema({ $id: 'thing', type: 'object', properties: { v: { type } }, required: ['v'] })
        s.post(
          `/${name}`,
          { schema: { body: { $ref: 'thing#' } } },
          async (request: ArborRequest) => request.body,
        )
      })
    }
    const left = await app.inject({ method: 'POST', url: '/left', payload: { v: '12' } })
    assert.deepEqual(left.json(), { v: 12 })
    const right = await app.inject({ method: 'POST', url: '/right', payload: { v: 12 } })
    assert.deepEqual(right.json(), { v: '12' })
  })

  test('Encapsulation rules 2: the serializer resolves a $ref to an ancestor’s shared schema', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addSchema({ $id: 'public', type: 'object', properties: { id: { type: 'integer' } } })
    app.register(async (c: App) => {
      c.get('/', { schema: { response: { 200: { $ref: 'public#' } } } }, async () => ({
        id: 1,
        password: 'x',
      }))
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { id: 1 })
  })

  for (const [label, wrap] of [
    ['arbor plugin()', plugin],
    ['fastify-plugin', fastifyPlugin],
  ] as const) {
    test(`Encapsulation rules 6: schemas added in a plugin wrapped with ${label} are visible in the parent`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(
        wrap(async (w: App) => {
          w.addSchema({
            $id: 'lifted',
            type: 'object',
            properties: { a: { type: 'string' } },
            required: ['a'],
          })
        }),
      )
      app.post('/x', { schema: { body: { $ref: 'lifted#' } } }, async (request) => request.body)
      await app.ready()
      assert.deepEqual(Object.keys(app.getSchemas()), ['lifted'])
      assert.equal(app.getSchema('lifted')?.$id, 'lifted')
      assert.equal((await app.inject({ method: 'POST', url: '/x', payload: {} })).statusCode, 400)
      assert.equal(
        (await app.inject({ method: 'POST', url: '/x', payload: { a: 'z' } })).statusCode,
        200,
      )
    })
  }

  test('Encapsulation rules 7: a grandchild’s schema reaches its parent only when wrapped', async (t) => {
    for (const wrapped of [false, true]) {
      const app = arbor()
      t.after(() => app.close())
      let seen: string[] = []
      app.register(async (parent: App) => {
        const grandchild = async (g: App) => {
          g.addSchema(stringSchema('bar'))
        }
        parent.register(wrapped ? plugin(grandchild) : grandchild)
        parent.get('/', async () => 'ok')
        parent.after(() => {
          seen = Object.keys(parent.getSchemas())
        })
      })
      await app.ready()
      assert.deepEqual(seen, wrapped ? ['bar'] : [], `wrapped: ${wrapped}`)
      assert.deepEqual(Object.keys(app.getSchemas()), [])
    }
  })
})
