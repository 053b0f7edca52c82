import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'

type AnyHook = (...args: never[]) => unknown

describe('onRoute', () => {
  test('onRoute sees the options of each route: method, url, path, routePath, prefix, handler, schema, config, route hooks', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: Array<Record<string, unknown>> = []
    app.addHook('onRoute', (options) => {
      seen.push({ ...options })
    })
    const schema = { body: { type: 'object', properties: { a: { type: 'string' } } } }
    const handler = async () => ({ ok: true })
    const preHandler = async () => {}
    await app.register(
      async (child) => {
        child.post('/items', { schema, config: { tag: 'custom' }, preHandler }, handler)
      },
      { prefix: '/child' },
    )
    await app.ready()

    assert.equal(seen.length, 1)
    const [options] = seen
    assert.equal(options.method, 'POST')
    assert.equal(options.url, '/child/items')
    assert.equal(options.path, '/child/items')
    assert.equal(options.routePath, '/items')
    assert.equal(options.prefix, '/child')
    assert.equal(options.handler, handler)
    assert.equal(options.schema, schema)
    assert.deepEqual(options.config, { tag: 'custom' })
    assert.equal(options.preHandler, preHandler)
  })

  test('onRoute may change the options before the route is built: url, schema and route-level hooks', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('onRoute', (options) => {
      if (options.url === '/old') options.url = '/new'
      if (options.url === '/validated') {
        options.schema = { body: { type: 'object', required: ['x'] } }
      }
      options.preHandler = [
        async () => {
          seen.push(`added by onRoute for ${options.url}`)
        },
      ]
    })
    app.post('/old', async () => ({ route: 'renamed' }))
    app.post('/validated', async () => ({ route: 'validated' }))

    const renamed = await app.inject({ method: 'POST', url: '/new' })
    assert.equal(renamed.statusCode, 200)
    assert.deepEqual(renamed.json(), { route: 'renamed' })
    const old = await app.inject({ method: 'POST', url: '/old' })
    assert.equal(old.statusCode, 404)

    const invalid = await app.inject({ method: 'POST', url: '/validated', payload: {} })
    assert.equal(invalid.statusCode, 400)
    assert.deepEqual(invalid.json(), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: "body should have required property 'x'",
    })
    const valid = await app.inject({ method: 'POST', url: '/validated', payload: { x: 1 } })
    assert.equal(valid.statusCode, 200)

    assert.deepEqual(seen, ['added by onRoute for /new', 'added by onRoute for /validated'])
  })

  test('Encapsulation rules 2-4: onRoute in a child sees the routes of the child and its descendants only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const byRoot: string[] = []
    const byChild: string[] = []
    app.addHook('onRoute', (options) => {
      byRoot.push(`${options.method} ${options.url}`)
    })
    app.post('/root', async () => 'root')
    await app.register(
      async (child) => {
        child.addHook('onRoute', (options) => {
          byChild.push(`${options.method} ${options.url}`)
        })
        child.post('/own', async () => 'own')
        await child.register(
          async (grandchild) => {
            grandchild.post('/deep', async () => 'deep')
          },
          { prefix: '/grandchild' },
        )
        await child.register(
          plugin(async (wrapped) => {
            wrapped.post('/wrapped', async () => 'wrapped')
          }),
        )
      },
      { prefix: '/child' },
    )
    await app.register(
      async (sibling) => {
        sibling.post('/other', async () => 'other')
      },
      { prefix: '/sibling' },
    )
    await app.ready()

    assert.deepEqual(byChild, [
      'POST /child/own',
      'POST /child/grandchild/deep',
      'POST /child/wrapped',
    ])
    assert.deepEqual(byRoot, [
      'POST /root',
      'POST /child/own',
      'POST /child/grandchild/deep',
      'POST /child/wrapped',
      'POST /sibling/other',
    ])
  })

  test('onRoute also sees the HEAD route that a GET route exposes', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('onRoute', (options) => {
      seen.push(`${options.method} ${options.url}`)
    })
    app.get('/page', async () => 'page')
    await app.ready()

    assert.deepEqual(seen, ['GET /page', 'HEAD /page'])
  })
})

describe('onRegister', () => {
  test('onRegister runs for every new context with the child instance and its options, before the plugin body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: unknown[] = []
    const instances: unknown[] = []
    app.addHook('onRegister', (instance, options) => {
      seen.push(`onRegister:${(options as { name?: string }).name}:${instance.prefix}`)
      instances.push(instance)
    })
    let childInstance: unknown
    let grandchildInstance: unknown
    await app.register(
      async (child) => {
        childInstance = child
        seen.push('body:child')
        await child.register(
          async (grandchild) => {
            grandchildInstance = grandchild
            seen.push('body:grandchild')
          },
          { prefix: '/grandchild', name: 'grandchild' } as Record<string, unknown>,
        )
      },
      { prefix: '/child', name: 'child' } as Record<string, unknown>,
    )
    await app.ready()

    assert.deepEqual(seen, [
      'onRegister:child:/child',
      'body:child',
      'onRegister:grandchild:/child/grandchild',
      'body:grandchild',
    ])
    assert.equal(instances[0], childInstance)
    assert.equal(instances[1], grandchildInstance)
  })

  test('onRegister does not run for a plugin()-wrapped function, which creates no context', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let calls = 0
    app.addHook('onRegister', () => {
      calls++
    })
    await app.register(plugin(async () => {}))
    await app.ready()

    assert.equal(calls, 0)
  })

  test('Encapsulation rules 4: onRegister in a child runs for its descendants, not for a sibling', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    await app.register(
      async (child) => {
        child.addHook('onRegister', (_instance, options) => {
          seen.push((options as { name?: string }).name ?? '?')
        })
        await child.register(async () => {}, { name: 'grandchild' } as Record<string, unknown>)
      },
      { name: 'child' } as Record<string, unknown>,
    )
    await app.register(async () => {}, { name: 'sibling' } as Record<string, unknown>)
    await app.ready()

    assert.deepEqual(seen, ['grandchild'])
  })
})

describe('onReady', () => {
  test('onReady hooks run once, in order, parents before children, in both styles, with the context as `this`', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: Array<[string, unknown]> = []
    app.addHook('onReady', async function () {
      seen.push(['root:async', this])
    })
    app.addHook('onReady', function (done) {
      seen.push(['root:callback', this])
      done()
    })
    let childInstance: unknown
    await app.register(async (child) => {
      childInstance = child
      child.addHook('onReady', async function () {
        seen.push(['child', this])
      })
    })

    await app.ready()
    await app.ready()

    assert.deepEqual(
      seen.map(([name]) => name),
      ['root:async', 'root:callback', 'child'],
    )
    assert.equal(seen[0]?.[1], app)
    assert.equal(seen[1]?.[1], app)
    assert.equal(seen[2]?.[1], childInstance)
  })

  test('an error thrown in an async onReady rejects ready() with that error, and later onReady hooks do not run', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const failure = new Error('not ready')
    let laterRan = false
    app.addHook('onReady', async () => {
      throw failure
    })
    app.addHook('onReady', async () => {
      laterRan = true
    })

    await assert.rejects(app.ready(), (err) => err === failure)
    assert.equal(laterRan, false)
  })

  test('done(err) in a callback onReady rejects ready() with that error', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const failure = new Error('not ready either')
    app.addHook('onReady', (done) => {
      done(failure)
    })

    await assert.rejects(app.ready(), (err) => err === failure)
  })

  test('an async onReady or onListen that also takes done is rejected at addHook (FST_ERR_HOOK_INVALID_ASYNC_HANDLER)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const mixed = async (_done: unknown) => {}
    const addHook = app.addHook as unknown as (this: unknown, name: string, fn: AnyHook) => void
    assert.throws(() => addHook.call(app, 'onReady', mixed), {
      code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER',
    })
    assert.throws(() => addHook.call(app, 'onListen', mixed), {
      code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER',
    })
  })
})

describe('onListen, preClose and onClose', () => {
  test('onListen runs after the server listens, parents before children, with the context as `this`', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: string[] = []
    app.addHook('onListen', async function () {
      const address = this.server.address()
      seen.push(`root:${typeof address === 'object' && address !== null ? address.address : '?'}`)
    })
    await app.register(async (child) => {
      child.addHook('onListen', (done) => {
        seen.push('child')
        done()
      })
    })

    await app.listen({ port: 0, host: '127.0.0.1' })

    assert.deepEqual(seen, ['root:127.0.0.1', 'child'])
  })

  test('an error in onListen does not stop the server from listening or the next onListen hook', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let nextRan = false
    app.addHook('onListen', async () => {
      throw new Error('ignored')
    })
    app.addHook('onListen', async () => {
      nextRan = true
    })
    app.get('/', async () => ({ ok: true }))

    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${address}/`)

    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { ok: true })
    assert.equal(nextRan, true)
  })

  test('preClose runs while the server still listens, onClose after it stopped; onClose gets the instance', async () => {
    const app = arbor()
    const seen: unknown[] = []
    app.addHook('preClose', function (done) {
      seen.push('preClose', this.server.listening)
      done()
    })
    app.addHook('onClose', async (instance) => {
      seen.push('onClose', instance.server.listening, instance === app)
    })
    await app.listen({ port: 0, host: '127.0.0.1' })

    await app.close()

    assert.deepEqual(seen, ['preClose', true, 'onClose', false, true])
  })

  test('onClose hooks run in reverse registration order, each with its own context instance', async () => {
    const app = arbor()
    const seen: string[] = []
    const instances: unknown[] = []
    app.addHook('onClose', async (instance) => {
      seen.push('root:first')
      instances.push(instance)
    })
    app.addHook('onClose', (instance, done) => {
      seen.push('root:second')
      instances.push(instance)
      done()
    })
    let childInstance: unknown
    await app.register(async (child) => {
      childInstance = child
      child.addHook('onClose', async (instance) => {
        seen.push('child')
        instances.push(instance)
      })
    })
    await app.register(async (sibling) => {
      sibling.addHook('onClose', async () => {
        seen.push('sibling')
      })
    })
    await app.ready()

    await app.close()

    assert.deepEqual(seen, ['sibling', 'child', 'root:second', 'root:first'])
    assert.equal(instances[0], childInstance)
    assert.equal(instances[1], app)
    assert.equal(instances[2], app)
  })
})

describe('application hooks together', () => {
  test('an application runs onRegister, onRoute, onReady, onListen, preClose and onClose in that order', async () => {
    const app = arbor()
    const seen: string[] = []
    app.addHook('onRegister', () => {
      seen.push('onRegister')
    })
    app.addHook('onRoute', (options) => {
      seen.push(`onRoute ${options.method} ${options.url}`)
    })
    app.addHook('onReady', async () => {
      seen.push('onReady')
    })
    app.addHook('onListen', async () => {
      seen.push('onListen')
    })
    app.addHook('preClose', async () => {
      seen.push('preClose')
    })
    app.addHook('onClose', async () => {
      seen.push('onClose')
    })
    app.register(async (child) => {
      child.post('/child', async () => 'child')
    })

    await app.listen({ port: 0, host: '127.0.0.1' })
    seen.push('listening')
    await app.close()

    assert.deepEqual(seen, [
      'onRegister',
      'onRoute POST /child',
      'onReady',
      'onListen',
      'listening',
      'preClose',
      'onClose',
    ])
  })
})
