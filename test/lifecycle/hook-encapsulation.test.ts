import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fastifyPlugin from 'fastify-plugin'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'

type App = ReturnType<typeof arbor>

/** Records `label` from an onRequest and a preHandler hook into the request's own list. */
function addLabelHooks(app: App, label: string): void {
  app.addHook('onRequest', async (request) => {
    trail(request).push(`onRequest:${label}`)
  })
  app.addHook('preHandler', async (request) => {
    trail(request).push(`preHandler:${label}`)
  })
}

const trails = new WeakMap<object, string[]>()
function trail(request: object): string[] {
  let list = trails.get(request)
  if (!list) {
    list = []
    trails.set(request, list)
  }
  return list
}

/** A route that answers with the hooks its request went through. */
function addTrailRoute(app: App, path: string): void {
  app.get(path, async (request) => ({ hooks: trail(request) }))
}

async function hooksSeenBy(app: App, url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url })
  assert.equal(res.statusCode, 200, `GET ${url}: ${res.body}`)
  return res.json().hooks
}

/**
 * A route-level onResponse runs after every context onResponse hook: resolving a promise
 * from it tells the test that the whole chain has run, whenever inject() itself resolves.
 */
function responseSignal(): { onResponse: () => Promise<void>; responded: Promise<void> } {
  let resolve!: () => void
  const responded = new Promise<void>((r) => {
    resolve = r
  })
  return { onResponse: async () => resolve(), responded }
}

function contextName(instance: unknown): unknown {
  return (instance as { contextName?: unknown }).contextName
}

describe('Encapsulation rules: hooks follow the context tree', { timeout: 10_000 }, () => {
  test('Encapsulation rules 2-4: a hook applies to its context and descendants, never to ancestors or siblings', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    addLabelHooks(app, 'root')
    addTrailRoute(app, '/root')
    await app.register(
      async (child) => {
        addLabelHooks(child, 'child')
        addTrailRoute(child, '/')
        await child.register(
          async (grandchild) => {
            addLabelHooks(grandchild, 'grandchild')
            addTrailRoute(grandchild, '/')
          },
          { prefix: '/grandchild' },
        )
      },
      { prefix: '/child' },
    )
    await app.register(
      async (sibling) => {
        addLabelHooks(sibling, 'sibling')
        addTrailRoute(sibling, '/')
      },
      { prefix: '/sibling' },
    )

    assert.deepEqual(await hooksSeenBy(app, '/root'), ['onRequest:root', 'preHandler:root'])
    assert.deepEqual(await hooksSeenBy(app, '/child'), [
      'onRequest:root',
      'onRequest:child',
      'preHandler:root',
      'preHandler:child',
    ])
    assert.deepEqual(await hooksSeenBy(app, '/child/grandchild'), [
      'onRequest:root',
      'onRequest:child',
      'onRequest:grandchild',
      'preHandler:root',
      'preHandler:child',
      'preHandler:grandchild',
    ])
    assert.deepEqual(await hooksSeenBy(app, '/sibling'), [
      'onRequest:root',
      'onRequest:sibling',
      'preHandler:root',
      'preHandler:sibling',
    ])
  })

  test('Encapsulation rules 3: no request hook of a child runs for the routes of its parent or sibling', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const ran: string[] = []
    const rootSignal = responseSignal()
    const childSignal = responseSignal()
    const siblingSignal = responseSignal()
    app.get('/root', { onResponse: rootSignal.onResponse }, async () => ({ ok: true }))
    await app.register(async (child) => {
      child.addHook('onRequest', async () => void ran.push('onRequest'))
      child.addHook('preParsing', async () => void ran.push('preParsing'))
      child.addHook('preValidation', async () => void ran.push('preValidation'))
      child.addHook('preHandler', async () => void ran.push('preHandler'))
      child.addHook('preSerialization', async () => void ran.push('preSerialization'))
      child.addHook('onSend', async () => void ran.push('onSend'))
      child.addHook('onResponse', async () => void ran.push('onResponse'))
      child.addHook('onError', async () => void ran.push('onError'))
      child.post('/child', { onResponse: childSignal.onResponse }, async () => ({ ok: true }))
    })
    await app.register(async (sibling) => {
      sibling.post('/sibling', { onResponse: siblingSignal.onResponse }, async () => {
        throw new Error('sibling failed')
      })
    })

    const root = await app.inject({ method: 'GET', url: '/root' })
    const sibling = await app.inject({ method: 'POST', url: '/sibling', payload: { a: 1 } })
    await rootSignal.responded
    await siblingSignal.responded
    assert.equal(root.statusCode, 200)
    assert.equal(sibling.statusCode, 500)
    assert.deepEqual(ran, [])

    const child = await app.inject({ method: 'POST', url: '/child', payload: { a: 1 } })
    await childSignal.responded
    assert.equal(child.statusCode, 200)
    assert.deepEqual(ran, [
      'onRequest',
      'preParsing',
      'preValidation',
      'preHandler',
      'preSerialization',
      'onSend',
      'onResponse',
    ])
  })

  test('a hook added after the routes of the same plugin still applies to them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.register(
      async (child) => {
        addTrailRoute(child, '/early')
        addLabelHooks(child, 'late')
      },
      { prefix: '/child' },
    )
    addTrailRoute(app, '/root')

    assert.deepEqual(await hooksSeenBy(app, '/child/early'), ['onRequest:late', 'preHandler:late'])
    assert.deepEqual(await hooksSeenBy(app, '/root'), [])
  })

  test('a hook added in the root after its routes still applies to them', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    addTrailRoute(app, '/root')
    addLabelHooks(app, 'late')

    assert.deepEqual(await hooksSeenBy(app, '/root'), ['onRequest:late', 'preHandler:late'])
  })

  test('a hook added in the parent after a child was registered also applies to that child', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      async (child) => {
        addTrailRoute(child, '/')
      },
      { prefix: '/child' },
    )
    addLabelHooks(app, 'root')

    assert.deepEqual(await hooksSeenBy(app, '/child'), ['onRequest:root', 'preHandler:root'])
  })

  test('the root hooks run for a request that matches no route (404)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const ran: string[] = []
    app.addHook('onRequest', async (request) => void ran.push(`root:${request.url}`))
    await app.register(async (child) => {
      child.addHook('onRequest', async () => void ran.push('child'))
      child.get('/child', async () => ({ ok: true }))
    })

    const res = await app.inject({ method: 'GET', url: '/nowhere' })

    assert.equal(res.statusCode, 404)
    assert.deepEqual(ran, ['root:/nowhere'])
  })
})

describe('Encapsulation rules 6: hooks of a wrapped plugin land in the parent', () => {
  test('Encapsulation rules 6: a hook added by a plugin()-wrapped function applies to the parent and its other children', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.register(
      async (before) => {
        addTrailRoute(before, '/')
      },
      { prefix: '/before' },
    )
    await app.register(
      plugin(async (wrapped) => {
        addLabelHooks(wrapped, 'wrapped')
      }),
    )
    await app.register(
      async (after) => {
        addTrailRoute(after, '/')
      },
      { prefix: '/after' },
    )
    addTrailRoute(app, '/root')

    const expected = ['onRequest:wrapped', 'preHandler:wrapped']
    assert.deepEqual(await hooksSeenBy(app, '/root'), expected)
    assert.deepEqual(await hooksSeenBy(app, '/before'), expected)
    assert.deepEqual(await hooksSeenBy(app, '/after'), expected)
  })

  test('Encapsulation rules 6: a wrapped plugin inside a child lifts its hooks into the child only, not the root or a sibling', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    addTrailRoute(app, '/root')
    await app.register(
      async (child) => {
        await child.register(
          plugin(async (wrapped) => {
            addLabelHooks(wrapped, 'wrapped-in-child')
          }),
        )
        addTrailRoute(child, '/')
        await child.register(
          async (grandchild) => {
            addTrailRoute(grandchild, '/')
          },
          { prefix: '/grandchild' },
        )
      },
      { prefix: '/child' },
    )
    await app.register(
      async (sibling) => {
        addTrailRoute(sibling, '/')
      },
      { prefix: '/sibling' },
    )

    const expected = ['onRequest:wrapped-in-child', 'preHandler:wrapped-in-child']
    assert.deepEqual(await hooksSeenBy(app, '/child'), expected)
    assert.deepEqual(await hooksSeenBy(app, '/child/grandchild'), expected)
    assert.deepEqual(await hooksSeenBy(app, '/root'), [])
    assert.deepEqual(await hooksSeenBy(app, '/sibling'), [])
  })

  test('compatibility: a plugin wrapped with the fastify-plugin package lifts its hooks the same way', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.register(
      fastifyPlugin(async (wrapped: ArborInstance) => {
        addLabelHooks(wrapped, 'fastify-plugin')
      }),
    )
    addTrailRoute(app, '/root')

    assert.deepEqual(await hooksSeenBy(app, '/root'), [
      'onRequest:fastify-plugin',
      'preHandler:fastify-plugin',
    ])
  })
})

describe('this in hooks and handlers', { timeout: 10_000 }, () => {
  test('`this` in every request hook and in the handler is the instance of the route context', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorate('contextName', 'root')
    const seen: Array<[string, unknown]> = []
    app.addHook('onRequest', function (_request, _reply, done) {
      seen.push(['onRequest', this])
      done()
    })
    app.addHook('preParsing', async function () {
      seen.push(['preParsing', this])
    })
    app.addHook('preValidation', async function () {
      seen.push(['preValidation', this])
    })
    app.addHook('preHandler', async function () {
      seen.push(['preHandler', this])
    })
    app.addHook('preSerialization', async function () {
      seen.push(['preSerialization', this])
    })
    app.addHook('onSend', async function () {
      seen.push(['onSend', this])
    })
    app.addHook('onResponse', async function () {
      seen.push(['onResponse', this])
    })
    let childInstance: unknown
    const signal = responseSignal()
    await app.register(async (child) => {
      childInstance = child
      child.decorate('childOnly', true)
      child.post('/child', { onResponse: signal.onResponse }, async function () {
        seen.push(['handler', this])
        return { ok: true }
      })
    })

    const res = await app.inject({ method: 'POST', url: '/child', payload: { a: 1 } })
    await signal.responded

    assert.equal(res.statusCode, 200)
    assert.deepEqual(
      seen.map(([name]) => name),
      [
        'onRequest',
        'preParsing',
        'preValidation',
        'preHandler',
        'handler',
        'preSerialization',
        'onSend',
        'onResponse',
      ],
    )
    for (const [name, self] of seen) {
      assert.equal(self, childInstance, `${name}: this is the child instance`)
      assert.equal((self as { childOnly?: unknown }).childOnly, true, `${name}: sees childOnly`)
      assert.equal(contextName(self), 'root', `${name}: sees the root decorator`)
    }
  })

  test('`this` in onError is the instance of the route context', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let self: unknown
    app.addHook('onError', async function () {
      self = this
    })
    let childInstance: unknown
    await app.register(async (child) => {
      childInstance = child
      child.decorate('contextName', 'child')
      child.get('/fail', async () => {
        throw new Error('boom')
      })
    })

    const res = await app.inject({ method: 'GET', url: '/fail' })

    assert.equal(res.statusCode, 500)
    assert.equal(self, childInstance)
    assert.equal(contextName(self), 'child')
  })

  test('a root hook serving a root route sees root as `this`, not a child', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let self: unknown
    app.addHook('preHandler', async function () {
      self = this
    })
    app.get('/root', async () => ({ ok: true }))
    await app.register(async (child) => {
      child.decorate('contextName', 'child')
    })

    const res = await app.inject({ method: 'GET', url: '/root' })

    assert.equal(res.statusCode, 200)
    assert.equal(self, app)
    assert.equal(contextName(self), undefined)
  })
})
