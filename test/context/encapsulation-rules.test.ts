// Spec "Encapsulation rules" 1–7 for decorators (instance, request, reply), across a
// four-level tree (root, child, grandchild, great-grandchild) and a sibling branch.
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

const read = (target: object, key: string): unknown => (target as Record<string, unknown>)[key]

// Every context of the tree, in the order they nest.
const CONTEXTS = [
  'root',
  'child',
  'grandchild',
  'greatGrandchild',
  'sibling',
  'siblingChild',
] as const
type ContextName = (typeof CONTEXTS)[number]

const visible = (target: object, suffix: string): ContextName[] =>
  CONTEXTS.filter((name) => read(target, name + suffix) !== undefined)

// Each context decorates the instance (`<name>I`), the request (`<name>Q`) and the reply
// (`<name>P`) with its own name, and serves GET /<name> reporting what its route sees.
function decorateContext(instance: App, name: ContextName): void {
  instance.decorate(`${name}I`, name)
  instance.decorateRequest(`${name}Q`, name)
  instance.decorateReply(`${name}P`, name)
  instance.get(`/${name}`, async (request, reply) => ({
    instance: visible(instance, 'I'),
    request: visible(request, 'Q'),
    reply: visible(reply, 'P'),
    has: {
      instance: CONTEXTS.filter((n) => instance.hasDecorator(`${n}I`)),
      request: CONTEXTS.filter((n) => instance.hasRequestDecorator(`${n}Q`)),
      reply: CONTEXTS.filter((n) => instance.hasReplyDecorator(`${n}P`)),
    },
  }))
}

// root ─┬─ child ── grandchild ── greatGrandchild
//       └─ sibling ── siblingChild
function buildTree(): App {
  const app = arbor()
  decorateContext(app, 'root')
  app.register(async function child(c: App) {
    decorateContext(c, 'child')
    c.register(async function grandchild(g: App) {
      decorateContext(g, 'grandchild')
      g.register(async function greatGrandchild(gg: App) {
        decorateContext(gg, 'greatGrandchild')
      })
    })
  })
  app.register(async function sibling(s: App) {
    decorateContext(s, 'sibling')
    s.register(async function siblingChild(sc: App) {
      decorateContext(sc, 'siblingChild')
    })
  })
  return app
}

interface Seen {
  instance: string[]
  request: string[]
  reply: string[]
  has: { instance: string[]; request: string[]; reply: string[] }
}

async function seenFrom(app: App, name: ContextName): Promise<Seen> {
  const res = await app.inject(`/${name}`)
  assert.equal(res.statusCode, 200, `GET /${name}`)
  return res.json() as Seen
}

// What each route must see: its own context and its ancestors, nothing else.
const EXPECTED: Record<ContextName, ContextName[]> = {
  root: ['root'],
  child: ['root', 'child'],
  grandchild: ['root', 'child', 'grandchild'],
  greatGrandchild: ['root', 'child', 'grandchild', 'greatGrandchild'],
  sibling: ['root', 'sibling'],
  siblingChild: ['root', 'sibling', 'siblingChild'],
}

function assertSees(seen: Seen, expected: ContextName[], label: string): void {
  assert.deepEqual(seen.instance, expected, `${label}: instance decorators`)
  assert.deepEqual(seen.request, expected, `${label}: request decorators`)
  assert.deepEqual(seen.reply, expected, `${label}: reply decorators`)
  assert.deepEqual(seen.has.instance, expected, `${label}: hasDecorator`)
  assert.deepEqual(seen.has.request, expected, `${label}: hasRequestDecorator`)
  assert.deepEqual(seen.has.reply, expected, `${label}: hasReplyDecorator`)
}

describe('Encapsulation rules: decorators across root, child, grandchild, great-grandchild and siblings', () => {
  test('Encapsulation rules 1: contexts nest root > child > grandchild > great-grandchild, each serving its own routes', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    await app.ready()
    for (const name of CONTEXTS) {
      const seen = await seenFrom(app, name)
      // The deepest name a route sees is its own context: the tree has one level per plugin.
      assert.equal(seen.instance.at(-1), name)
    }
    // printPlugins shows the nesting: each deeper plugin is indented further than its parent.
    const lines = app.printPlugins().split('\n')
    const column = (name: string): number => {
      const line = lines.find((l) => new RegExp(`\\b${name}\\b`).test(l))
      assert.ok(line, `printPlugins lists ${name}:\n${lines.join('\n')}`)
      return line.indexOf(name)
    }
    const depths = ['child', 'grandchild', 'greatGrandchild'].map(column)
    assert.ok(depths[0]! < depths[1]! && depths[1]! < depths[2]!, lines.join('\n'))
    assert.equal(column('sibling'), depths[0])
  })

  test('Encapsulation rules 2: a context uses everything its root and each ancestor registered', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    for (const name of ['child', 'grandchild', 'greatGrandchild', 'siblingChild'] as const) {
      const seen = await seenFrom(app, name)
      for (const ancestor of EXPECTED[name].slice(0, -1)) {
        assert.ok(seen.request.includes(ancestor), `${name} sees ${ancestor}'s request decorator`)
        assert.ok(seen.reply.includes(ancestor), `${name} sees ${ancestor}'s reply decorator`)
        assert.ok(seen.instance.includes(ancestor), `${name} sees ${ancestor}'s instance decorator`)
      }
    }
  })

  test('Encapsulation rules 2: root decorators are visible at every depth', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    for (const name of CONTEXTS) {
      const seen = await seenFrom(app, name)
      assert.equal(seen.instance[0], 'root')
      assert.equal(seen.request[0], 'root')
      assert.equal(seen.reply[0], 'root')
    }
  })

  test('Encapsulation rules 3: a context cannot use anything its descendants registered', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    assertSees(await seenFrom(app, 'root'), ['root'], 'root')
    assertSees(await seenFrom(app, 'child'), ['root', 'child'], 'child')
    assertSees(await seenFrom(app, 'grandchild'), ['root', 'child', 'grandchild'], 'grandchild')
    // The root does not see the great-grandchild even though it is four levels down.
    assert.equal(read(app, 'greatGrandchildI'), undefined)
    assert.equal(app.hasDecorator('greatGrandchildI'), false)
    assert.equal(app.hasRequestDecorator('grandchildQ'), false)
    assert.equal(app.hasReplyDecorator('childP'), false)
  })

  test('Encapsulation rules 4: a context cannot use what a sibling or a sibling’s descendants registered', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    assertSees(await seenFrom(app, 'sibling'), EXPECTED.sibling, 'sibling')
    assertSees(await seenFrom(app, 'siblingChild'), EXPECTED.siblingChild, 'siblingChild')
    // And the other branch, all the way down, sees nothing from the sibling branch.
    assertSees(await seenFrom(app, 'child'), EXPECTED.child, 'child')
    assertSees(await seenFrom(app, 'greatGrandchild'), EXPECTED.greatGrandchild, 'greatGrandchild')
  })

  test('Encapsulation rules 4: siblings may register the same decorator names independently', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    for (const value of ['left', 'right']) {
      app.register(async (s: App) => {
        s.decorate('side', value)
        s.decorateRequest('side', value)
        s.decorateReply('side', value)
        s.get(`/${value}`, async (request: ArborRequest, reply: ArborReply) => ({
          instance: read(s, 'side'),
          request: read(request, 'side'),
          reply: read(reply, 'side'),
        }))
      })
    }
    for (const value of ['left', 'right']) {
      const res = await app.inject(`/${value}`)
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { instance: value, request: value, reply: value })
    }
  })

  test('Encapsulation rules 5: an invisible request decorator reads undefined and its key is absent from the JSON reply', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorateRequest('answer', 42)
    let readInParent: unknown = 'not read'
    app.get('/parent', async (request) => {
      readInParent = read(request, 'hidden')
      return { answer: read(request, 'answer'), hidden: read(request, 'hidden') }
    })
    app.register(async (c: App) => {
      c.decorateRequest('hidden', 'secret')
      c.get('/child', async (request: ArborRequest) => ({
        answer: read(request, 'answer'),
        hidden: read(request, 'hidden'),
      }))
    })
    app.register(async (s: App) => {
      s.get('/sibling', async (request: ArborRequest) => ({
        answer: read(request, 'answer'),
        hidden: read(request, 'hidden'),
      }))
    })

    const parent = await app.inject('/parent')
    assert.equal(parent.statusCode, 200)
    assert.equal(readInParent, undefined)
    assert.equal(parent.body, '{"answer":42}')
    assert.deepEqual(Object.keys(parent.json()), ['answer'])

    const sibling = await app.inject('/sibling')
    assert.equal(sibling.body, '{"answer":42}')

    const child = await app.inject('/child')
    assert.deepEqual(child.json(), { answer: 42, hidden: 'secret' })
  })

  test('Encapsulation rules 5: the key is absent even when the route has a response schema listing it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const schema = {
      response: {
        200: {
          type: 'object',
          properties: { answer: { type: 'number' }, hidden: { type: 'string' } },
        },
      },
    }
    app.decorateRequest('answer', 42)
    app.get('/parent', { schema }, async (request) => ({
      answer: read(request, 'answer'),
      hidden: read(request, 'hidden'),
    }))
    app.register(async (c: App) => {
      c.decorateRequest('hidden', 'secret')
    })
    const res = await app.inject('/parent')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { answer: 42 })
  })

  for (const [label, wrap] of [
    ['arbor plugin()', plugin],
    ['fastify-plugin', fastifyPlugin],
  ] as const) {
    test(`Encapsulation rules 6: a plugin wrapped with ${label} makes its instance, request and reply decorators visible in the parent`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(async function child(c: App) {
        c.register(
          wrap(async (w: App) => {
            w.decorate('shared', 'instance')
            w.decorateRequest('shared', 'request')
            w.decorateReply('shared', 'reply')
          }),
        )
        c.get('/child', async (request: ArborRequest, reply: ArborReply) => ({
          instance: read(c, 'shared'),
          request: read(request, 'shared'),
          reply: read(reply, 'shared'),
        }))
      })
      app.get('/root', async (request, reply) => ({
        instance: read(app, 'shared'),
        request: read(request, 'shared'),
        reply: read(reply, 'shared'),
      }))
      const child = await app.inject('/child')
      assert.deepEqual(child.json(), { instance: 'instance', request: 'request', reply: 'reply' })
      // Only one level is broken: the root (the wrapped plugin's grandparent) still sees nothing.
      const root = await app.inject('/root')
      assert.equal(root.body, '{}')
    })
  }

  test('Encapsulation rules 6: wrappers nest, so a wrapped plugin inside a wrapped plugin lands in the parent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      plugin(async (outer: App) => {
        outer.register(
          plugin(async (inner: App) => {
            inner.decorateRequest('deep', 'yes')
          }),
        )
      }),
    )
    app.get('/', async (request) => ({ deep: read(request, 'deep') }))
    const res = await app.inject('/')
    assert.deepEqual(res.json(), { deep: 'yes' })
  })

  test('Encapsulation rules 6: an unwrapped plugin inside a wrapped plugin stays encapsulated', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      plugin(async (outer: App) => {
        outer.decorateRequest('outer', 'visible')
        outer.register(async (inner: App) => {
          inner.decorateRequest('inner', 'hidden')
          inner.get('/inner', async (request: ArborRequest) => ({
            outer: read(request, 'outer'),
            inner: read(request, 'inner'),
          }))
        })
      }),
    )
    app.get('/', async (request) => ({
      outer: read(request, 'outer'),
      inner: read(request, 'inner'),
    }))
    assert.deepEqual((await app.inject('/')).json(), { outer: 'visible' })
    assert.deepEqual((await app.inject('/inner')).json(), { outer: 'visible', inner: 'hidden' })
  })

  test('Encapsulation rules 7: without the wrapper a grandchild decorator is invisible to its parent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async function parent(p: App) {
      p.register(async function grandchild(g: App) {
        g.decorate('bar', 'instance-bar')
        g.decorateRequest('bar', 'bar')
        g.decorateReply('bar', 'reply-bar')
        g.get('/grandchild', async (request: ArborRequest) => ({ bar: read(request, 'bar') }))
      })
      p.get('/parent', async (request: ArborRequest, reply: ArborReply) => ({
        request: read(request, 'bar'),
        reply: read(reply, 'bar'),
        instance: read(p, 'bar'),
        has: [p.hasDecorator('bar'), p.hasRequestDecorator('bar'), p.hasReplyDecorator('bar')],
      }))
    })
    const parent = await app.inject('/parent')
    assert.equal(parent.statusCode, 200)
    assert.deepEqual(parent.json(), { has: [false, false, false] })
    assert.deepEqual((await app.inject('/grandchild')).json(), { bar: 'bar' })
  })

  test('Encapsulation rules 7: with the wrapper the parent’s routes see the grandchild decorator', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async function parent(p: App) {
      p.register(
        plugin(async function grandchild(g: App) {
          g.decorate('bar', 'instance-bar')
          g.decorateRequest('bar', 'bar')
          g.decorateReply('bar', 'reply-bar')
        }),
      )
      p.get('/parent', async (request: ArborRequest, reply: ArborReply) => ({
        request: read(request, 'bar'),
        reply: read(reply, 'bar'),
        instance: read(p, 'bar'),
        has: [p.hasDecorator('bar'), p.hasRequestDecorator('bar'), p.hasReplyDecorator('bar')],
      }))
    })
    app.get('/root', async (request) => ({ bar: read(request, 'bar') }))
    const parent = await app.inject('/parent')
    assert.deepEqual(parent.json(), {
      request: 'bar',
      reply: 'reply-bar',
      instance: 'instance-bar',
      has: [true, true, true],
    })
    // The wrapper lifts the decorator one level only: the root still does not see it.
    assert.equal((await app.inject('/root')).body, '{}')
  })
})
