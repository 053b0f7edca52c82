// decorate, decorateRequest, decorateReply: values, functions, getters and setters,
// dependencies, the has* twins, and each decorator error (issue "Decorators").
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, type ArborRequest } from '../../src/index.ts'

type App = ArborInstance

const read = (target: object, key: string): unknown => (target as Record<string, unknown>)[key]
const write = (target: object, key: string, value: unknown): void => {
  ;(target as Record<string, unknown>)[key] = value
}
const call = (target: object, key: string, ...args: unknown[]): unknown =>
  (target as Record<string, (...a: unknown[]) => unknown>)[key]!(...args)

const codeOf = (fn: () => unknown): unknown => {
  try {
    fn()
  } catch (err) {
    return (err as { code?: unknown }).code
  }
  return 'did not throw'
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve))

// This describe comes first in the file on purpose: the warning is emitted once per process.
describe('decorateRequest with a reference type', () => {
  test('decorateRequest: an object value is accepted with a one-time warning that it is shared by every request', async (t) => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    t.after(() => process.off('warning', onWarning))

    const app = arbor()
    t.after(() => app.close())
    // Values that are not shared references never warn.
    app.decorateRequest('count', 0)
    app.decorateRequest('user', null)
    app.decorateRequest('greet', function greet() {
      return 'hi'
    })
    app.decorateRequest('lazy', {
      getter() {
        return { fresh: true }
      },
    })
    await nextTick()
    assert.equal(warnings.length, 0)

    app.decorateRequest('settings', { shared: [] as string[] })
    await nextTick()
    assert.equal(warnings.length, 1)
    const [warning] = warnings
    assert.match(warning!.message, /settings/)
    assert.match(warning!.message, /shared/i)
    assert.match(warning!.message, /onRequest/)
    // arbor also names the getter remedy (Fastify 4's FSTDEP006 names only the hook).
    assert.match(warning!.message, /getter/)

    // Accepted: the very same object is handed to every request, which is what the warning says.
    app.get('/', async (request) => {
      const settings = read(request, 'settings') as { shared: string[] }
      settings.shared.push(request.id)
      return { seen: settings.shared.length }
    })
    assert.deepEqual((await app.inject('/')).json(), { seen: 1 })
    assert.deepEqual((await app.inject('/')).json(), { seen: 2 })

    // One-time: decorating the same name again, in another app, does not warn again.
    const again = arbor()
    t.after(() => again.close())
    again.decorateRequest('settings', { shared: [] })
    await nextTick()
    assert.equal(warnings.length, 1)
  })
})

describe('decorators: values, functions, getters and setters', () => {
  test('decorate: plain values and functions, functions bound to their object', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorate('appVersion', '1.2.3')
    app.decorate('whoAmI', function (this: unknown) {
      return this === app
    })
    app.decorateRequest('path', function (this: { url: string }) {
      return this.url
    })
    app.decorateReply('currentStatus', function (this: { statusCode: number }) {
      return this.statusCode
    })
    app.get('/here', async (request, reply) => {
      reply.code(201)
      return {
        version: read(app, 'appVersion'),
        whoAmI: call(app, 'whoAmI'),
        path: (read(request, 'path') as () => unknown).call(request),
        status: (read(reply, 'currentStatus') as () => unknown).call(reply),
      }
    })
    const res = await app.inject('/here')
    assert.equal(res.statusCode, 201)
    assert.deepEqual(res.json(), { version: '1.2.3', whoAmI: true, path: '/here', status: 201 })
  })

  test('decorate: a { getter, setter } instance decorator reads and writes through its accessors', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const store: unknown[] = []
    app.decorate('answer', {
      getter() {
        return 42
      },
    })
    app.decorate('last', {
      getter() {
        return store.at(-1) ?? 'unset'
      },
      setter(value: unknown) {
        store.push(value)
      },
    })
    assert.equal(read(app, 'answer'), 42)
    assert.equal(read(app, 'last'), 'unset')
    write(app, 'last', 'first')
    write(app, 'last', 'second')
    assert.equal(read(app, 'last'), 'second')
    assert.deepEqual(store, ['first', 'second'])
    // Descendants read through the same accessors.
    let inChild: unknown
    app.register(async (c: App) => {
      inChild = [read(c, 'answer'), read(c, 'last')]
    })
    await app.ready()
    assert.deepEqual(inChild, [42, 'second'])
  })

  test('decorateRequest and decorateReply: getters run per request with this bound to it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorateRequest('methodAndUrl', {
      getter(this: { method: string; url: string }) {
        return `${this.method} ${this.url}`
      },
    })
    app.decorateReply('doubled', {
      getter(this: { statusCode: number }) {
        return this.statusCode * 2
      },
    })
    app.get('/a', async (request, reply) => ({
      request: read(request, 'methodAndUrl'),
      reply: read(reply, 'doubled'),
    }))
    assert.deepEqual((await app.inject('/a')).json(), { request: 'GET /a', reply: 400 })
  })

  test('decorateRequest: a null placeholder filled in an onRequest hook gives each request its own value', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorateRequest('bag', null)
    app.addHook('onRequest', async (request: ArborRequest) => {
      write(request, 'bag', { items: [] as string[] })
    })
    app.get('/', async (request) => {
      const bag = read(request, 'bag') as { items: string[] }
      bag.items.push('x')
      return bag
    })
    assert.deepEqual((await app.inject('/')).json(), { items: ['x'] })
    assert.deepEqual((await app.inject('/')).json(), { items: ['x'] })
  })

  test('hasDecorator, hasRequestDecorator, hasReplyDecorator report each kind separately', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorate('onInstance', 1)
    app.decorateRequest('onRequest', 1)
    app.decorateReply('onReply', 1)
    assert.deepEqual(
      [app.hasDecorator('onInstance'), app.hasDecorator('onRequest'), app.hasDecorator('onReply')],
      [true, false, false],
    )
    assert.deepEqual(
      [
        app.hasRequestDecorator('onInstance'),
        app.hasRequestDecorator('onRequest'),
        app.hasRequestDecorator('onReply'),
      ],
      [false, true, false],
    )
    assert.deepEqual(
      [
        app.hasReplyDecorator('onInstance'),
        app.hasReplyDecorator('onRequest'),
        app.hasReplyDecorator('onReply'),
      ],
      [false, false, true],
    )
  })
})

describe('decorators: dependencies', () => {
  test('decorate: dependencies registered in the same context or an ancestor are satisfied', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorate('db', 'db')
    app.decorateRequest('user', null)
    app.decorateReply('render', null)
    let ok = false
    app.register(async (c: App) => {
      c.decorate('cache', 'cache')
      c.decorate('repo', 'repo', ['db', 'cache'])
      c.decorateRequest('session', null, ['user'])
      c.decorateReply('view', null, ['render'])
      ok = true
    })
    await app.ready()
    assert.equal(ok, true)
  })

  test('decorate: a missing dependency fails with FST_ERR_DEC_MISSING_DEPENDENCY for each kind', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    assert.equal(
      codeOf(() => app.decorate('repo', 1, ['db'])),
      'FST_ERR_DEC_MISSING_DEPENDENCY',
    )
    assert.equal(
      codeOf(() => app.decorateRequest('session', 1, ['user'])),
      'FST_ERR_DEC_MISSING_DEPENDENCY',
    )
    assert.equal(
      codeOf(() => app.decorateReply('view', 1, ['render'])),
      'FST_ERR_DEC_MISSING_DEPENDENCY',
    )
    // The failed decorators were not added.
    assert.equal(app.hasDecorator('repo'), false)
    assert.equal(app.hasRequestDecorator('session'), false)
    assert.equal(app.hasReplyDecorator('view'), false)
  })

  test('decorate: the missing dependency error names the dependency', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    assert.throws(
      () => app.decorate('repo', 1, ['database']),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'FST_ERR_DEC_MISSING_DEPENDENCY')
        assert.match(err.message, /database/)
        return true
      },
    )
  })

  test('Encapsulation rules 4: a dependency decorated in a sibling is missing', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (a: App) => {
      a.decorate('db', 'db')
      a.decorateRequest('user', null)
    })
    const codes: unknown[] = []
    app.register(async (b: App) => {
      codes.push(codeOf(() => b.decorate('repo', 1, ['db'])))
      codes.push(codeOf(() => b.decorateRequest('session', null, ['user'])))
    })
    await app.ready()
    assert.deepEqual(codes, ['FST_ERR_DEC_MISSING_DEPENDENCY', 'FST_ERR_DEC_MISSING_DEPENDENCY'])
  })

  test('Encapsulation rules 3: a dependency decorated in a child is missing in the parent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.register(async (c: App) => {
      c.decorate('db', 'db')
    })
    assert.equal(
      codeOf(() => app.decorate('repo', 1, ['db'])),
      'FST_ERR_DEC_MISSING_DEPENDENCY',
    )
  })
})

describe('decorators: errors', () => {
  test('decorate: decorating an existing name fails with FST_ERR_DEC_ALREADY_PRESENT for each kind', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorate('x', 1)
    app.decorateRequest('x', 1)
    app.decorateReply('x', 1)
    assert.equal(
      codeOf(() => app.decorate('x', 2)),
      'FST_ERR_DEC_ALREADY_PRESENT',
    )
    assert.equal(
      codeOf(() => app.decorateRequest('x', 2)),
      'FST_ERR_DEC_ALREADY_PRESENT',
    )
    assert.equal(
      codeOf(() => app.decorateReply('x', 2)),
      'FST_ERR_DEC_ALREADY_PRESENT',
    )
    assert.equal(read(app, 'x'), 1)
  })

  test('decorate: the already-present error names the decorator', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorateRequest('user', null)
    assert.throws(
      () => app.decorateRequest('user', null),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'FST_ERR_DEC_ALREADY_PRESENT')
        assert.match(err.message, /user/)
        return true
      },
    )
  })

  test('decorateRequest and decorateReply: a child cannot redefine an ancestor’s request or reply decorator', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorateRequest('user', null)
    app.decorateReply('view', null)
    const codes: unknown[] = []
    app.register(async (c: App) => {
      c.register(async (g: App) => {
        codes.push(codeOf(() => g.decorateRequest('user', 'other')))
        codes.push(codeOf(() => g.decorateReply('view', 'other')))
      })
    })
    await app.ready()
    assert.deepEqual(codes, ['FST_ERR_DEC_ALREADY_PRESENT', 'FST_ERR_DEC_ALREADY_PRESENT'])
  })

  test('decorate: a child context may declare an instance decorator its parent has; it shadows it there only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.decorate('db', 'root db')
    let inChild: unknown
    app.register(async (c: App) => {
      c.decorate('db', 'child db')
      inChild = read(c, 'db')
      assert.equal(
        codeOf(() => c.decorate('db', 'again')),
        'FST_ERR_DEC_ALREADY_PRESENT',
      )
    })
    await app.ready()
    assert.equal(inChild, 'child db')
    assert.equal(read(app, 'db'), 'root db')
  })

  test('decorate: a name of the instance API (register, get, ...) cannot be decorated at the root; a child may shadow it, as in Fastify', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    assert.equal(
      codeOf(() => app.decorate('register', () => {})),
      'FST_ERR_DEC_ALREADY_PRESENT',
    )
    const codes: unknown[] = []
    const shadow = () => 'shadowed'
    let inChild: unknown
    app.register(async (c: App) => {
      codes.push(codeOf(() => c.decorate('get', shadow)))
      inChild = read(c, 'get')
      codes.push(codeOf(() => c.decorate('ready', () => {})))
    })
    await app.ready()
    assert.deepEqual(codes, ['did not throw', 'FST_ERR_DEC_ALREADY_PRESENT'])
    assert.equal(inChild, shadow)
    assert.notEqual(read(app, 'get'), shadow)
  })

  test('decorate: decorating after the instance started fails with FST_ERR_DEC_AFTER_START for each kind', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.ready()
    assert.equal(
      codeOf(() => app.decorate('late', 1)),
      'FST_ERR_DEC_AFTER_START',
    )
    assert.equal(
      codeOf(() => app.decorateRequest('late', 1)),
      'FST_ERR_DEC_AFTER_START',
    )
    assert.equal(
      codeOf(() => app.decorateReply('late', 1)),
      'FST_ERR_DEC_AFTER_START',
    )
    assert.equal(app.hasDecorator('late'), false)
  })

  test('decorate: a child instance kept past startup cannot be decorated either', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let child: ReturnType<typeof arbor> | undefined
    app.register(async (c: App) => {
      child = c
    })
    await app.ready()
    assert.ok(child)
    assert.throws(
      () => child!.decorate('late', 1),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'FST_ERR_DEC_AFTER_START')
        assert.match(err.message, /late/)
        return true
      },
    )
  })

  test('decorate: decorating after listen() fails with FST_ERR_DEC_AFTER_START', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    assert.equal(
      codeOf(() => app.decorateRequest('late', 1)),
      'FST_ERR_DEC_AFTER_START',
    )
  })
})
