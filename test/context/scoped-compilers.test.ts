// Spec "Encapsulation rules" applied to setValidatorCompiler, setSerializerCompiler and
// setSchemaErrorFormatter: a compiler set in a context is used by the routes of that context
// and its descendants only.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'

type App = ArborInstance

// fastify-plugin's typings name Fastify's instance type; at runtime it has plugin()'s shape,
// (fn, meta) => fn, which is exactly what these tests compare.
const fastifyPlugin = fp as unknown as typeof plugin

const responseSchema = {
  response: {
    200: { type: 'object', properties: { v: { type: 'string' } } },
  },
}

const querySchema = {
  querystring: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
}

// arbor's default wording (DESIGN.md "Divergences" 1: Fastify 4 says `must`).
const DEFAULT_MESSAGE = /^querystring should have required property 'n'$/

// A serializer compiler that tags its output with the context that set it.
const taggingSerializer =
  (tag: string) =>
  ({ url }: { url: string }) =>
  (data: unknown) =>
    JSON.stringify({ serializedBy: tag, url, v: (data as { v?: unknown }).v })

// A validator compiler that accepts anything and tags the value with the context that set it.
const taggingValidator = (tag: string) => () => (data: unknown) => ({
  value: { ...(data as object), validatedBy: tag },
})

const echoV = (v: string) => async () => ({ v, secret: 'never listed in the schema' })

// root ─┬─ child(serializer "child") ── grandchild ── greatGrandchild(serializer "great")
//       └─ sibling
function buildSerializerTree(): App {
  const app = arbor()
  app.get('/root', { schema: responseSchema }, echoV('root'))
  app.register(async (c: App) => {
    c.setSerializerCompiler(taggingSerializer('child'))
    c.get('/child', { schema: responseSchema }, echoV('child'))
    c.register(async (g: App) => {
      g.get('/grandchild', { schema: responseSchema }, echoV('grandchild'))
      g.register(async (gg: App) => {
        gg.setSerializerCompiler(taggingSerializer('great'))
        gg.get('/greatGrandchild', { schema: responseSchema }, echoV('greatGrandchild'))
      })
    })
  })
  app.register(async (s: App) => {
    s.get('/sibling', { schema: responseSchema }, echoV('sibling'))
  })
  return app
}

async function bodyOf(app: App, url: string): Promise<unknown> {
  const res = await app.inject(url)
  assert.equal(res.statusCode, 200, url)
  return res.json()
}

describe('Encapsulation rules: serializer compilers', () => {
  test('Encapsulation rules 2: a child’s serializer compiler serializes its own and its descendants’ routes', async (t) => {
    const app = buildSerializerTree()
    t.after(() => app.close())
    assert.deepEqual(await bodyOf(app, '/child'), {
      serializedBy: 'child',
      url: '/child',
      v: 'child',
    })
    assert.deepEqual(await bodyOf(app, '/grandchild'), {
      serializedBy: 'child',
      url: '/grandchild',
      v: 'grandchild',
    })
  })

  test('Encapsulation rules 3: the parent’s routes with response schemas keep the default serializer', async (t) => {
    const app = buildSerializerTree()
    t.after(() => app.close())
    // The default serializer follows the schema: `secret` is not listed, so it is dropped.
    assert.deepEqual(await bodyOf(app, '/root'), { v: 'root' })
    // A grandchild's override does not reach the child.
    assert.deepEqual(await bodyOf(app, '/child'), {
      serializedBy: 'child',
      url: '/child',
      v: 'child',
    })
  })

  test('Encapsulation rules 1: a great-grandchild overrides the compiler it inherited', async (t) => {
    const app = buildSerializerTree()
    t.after(() => app.close())
    assert.deepEqual(await bodyOf(app, '/greatGrandchild'), {
      serializedBy: 'great',
      url: '/greatGrandchild',
      v: 'greatGrandchild',
    })
  })

  test('Encapsulation rules 4: a sibling’s routes never use the other branch’s serializer compiler', async (t) => {
    const app = buildSerializerTree()
    t.after(() => app.close())
    assert.deepEqual(await bodyOf(app, '/sibling'), { v: 'sibling' })
  })

  test('setSerializerCompiler: a route without a response schema is not passed to the compiler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const compiled: string[] = []
    app.register(async (c: App) => {
      c.setSerializerCompiler(({ url }) => {
        compiled.push(url)
        return (data) => JSON.stringify(data)
      })
      c.get('/with', { schema: responseSchema }, echoV('with'))
      c.get('/without', async () => ({ v: 'without', secret: 's' }))
    })
    assert.deepEqual(await bodyOf(app, '/without'), { v: 'without', secret: 's' })
    assert.deepEqual(await bodyOf(app, '/with'), {
      v: 'with',
      secret: 'never listed in the schema',
    })
    // The automatic HEAD route may be compiled too, so count distinct urls.
    assert.deepEqual([...new Set(compiled)], ['/with'])
  })

  for (const [label, wrap] of [
    ['arbor plugin()', plugin],
    ['fastify-plugin', fastifyPlugin],
  ] as const) {
    test(`Encapsulation rules 6: a serializer compiler set in a plugin wrapped with ${label} serves the parent’s routes`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(wrap(async (w: App) => w.setSerializerCompiler(taggingSerializer('wrapped'))))
      app.get('/root', { schema: responseSchema }, echoV('root'))
      assert.deepEqual(await bodyOf(app, '/root'), {
        serializedBy: 'wrapped',
        url: '/root',
        v: 'root',
      })
    })
  }
})

// root ─┬─ child(validator "child") ── grandchild ── greatGrandchild
//       └─ sibling
function buildValidatorTree(): App {
  const app = arbor()
  const route = (instance: App, url: string) =>
    instance.get(url, { schema: querySchema }, async (request) => request.query)
  route(app, '/root')
  app.register(async (c: App) => {
    c.setValidatorCompiler(taggingValidator('child'))
    route(c, '/child')
    c.register(async (g: App) => {
      route(g, '/grandchild')
      g.register(async (gg: App) => route(gg, '/greatGrandchild'))
    })
  })
  app.register(async (s: App) => route(s, '/sibling'))
  return app
}

describe('Encapsulation rules: validator compilers', () => {
  test('Encapsulation rules 2: a child’s validator compiler validates its own and every descendant’s routes', async (t) => {
    const app = buildValidatorTree()
    t.after(() => app.close())
    for (const url of ['/child', '/grandchild', '/greatGrandchild']) {
      const res = await app.inject(`${url}?x=1`)
      assert.equal(res.statusCode, 200, url)
      assert.deepEqual(res.json(), { x: '1', validatedBy: 'child' })
    }
  })

  test('Encapsulation rules 3: the parent keeps the default validator', async (t) => {
    const app = buildValidatorTree()
    t.after(() => app.close())
    const res = await app.inject('/root?x=1')
    assert.equal(res.statusCode, 400)
    assert.match((res.json() as { message: string }).message, DEFAULT_MESSAGE)
    const ok = await app.inject('/root?n=7')
    assert.deepEqual(ok.json(), { n: 7 })
  })

  test('Encapsulation rules 4: a sibling keeps the default validator', async (t) => {
    const app = buildValidatorTree()
    t.after(() => app.close())
    const res = await app.inject('/sibling?x=1')
    assert.equal(res.statusCode, 400)
    assert.match((res.json() as { message: string }).message, DEFAULT_MESSAGE)
  })

  test('setValidatorCompiler: the compiler receives schema, method, url and httpPart for the child’s routes only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const calls: unknown[] = []
    app.get('/root', { schema: querySchema }, async () => 'root')
    app.register(async (c: App) => {
      c.setValidatorCompiler(({ schema, method, url, httpPart }) => {
        calls.push({ method, url, httpPart, required: (schema as { required?: unknown }).required })
        return () => true
      })
      c.get('/child', { schema: querySchema }, async () => 'child')
    })
    await app.ready()
    // The automatic HEAD route may be compiled too; the root's route never is.
    assert.deepEqual(calls[0], {
      method: 'GET',
      url: '/child',
      httpPart: 'querystring',
      required: ['n'],
    })
    for (const call of calls) {
      assert.deepEqual({ ...(call as object), method: 'GET' }, calls[0])
    }
  })

  for (const [label, wrap] of [
    ['arbor plugin()', plugin],
    ['fastify-plugin', fastifyPlugin],
  ] as const) {
    test(`Encapsulation rules 6: a validator compiler set in a plugin wrapped with ${label} validates the parent’s routes`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(wrap(async (w: App) => w.setValidatorCompiler(taggingValidator('wrapped'))))
      app.get('/root', { schema: querySchema }, async (request) => request.query)
      const res = await app.inject('/root?x=1')
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { x: '1', validatedBy: 'wrapped' })
    })
  }
})

describe('Encapsulation rules: schema error formatters', () => {
  test('Encapsulation rules 2 and 3: a child’s schema error formatter shapes its own and descendants’ messages only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const route = (instance: App, url: string) =>
      instance.get(url, { schema: querySchema }, async () => 'never')
    route(app, '/root')
    app.register(async (c: App) => {
      c.setSchemaErrorFormatter(
        (errors, dataVar) => new Error(`child says: ${dataVar} (${errors.length})`),
      )
      route(c, '/child')
      c.register(async (g: App) => route(g, '/grandchild'))
    })
    app.register(async (s: App) => route(s, '/sibling'))

    for (const url of ['/child', '/grandchild']) {
      const res = await app.inject(url)
      assert.equal(res.statusCode, 400)
      assert.equal((res.json() as { message: string }).message, 'child says: querystring (1)')
    }
    for (const url of ['/root', '/sibling']) {
      const res = await app.inject(url)
      assert.equal(res.statusCode, 400)
      assert.match((res.json() as { message: string }).message, DEFAULT_MESSAGE)
    }
  })

  test('Encapsulation rules 6: a schema error formatter set in a wrapped plugin applies to the parent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(
      plugin(async (w: App) => {
        w.setSchemaErrorFormatter((_errors, dataVar) => new Error(`wrapped: ${dataVar}`))
      }),
    )
    app.get('/root', { schema: querySchema }, async () => 'never')
    const res = await app.inject('/root')
    assert.equal(res.statusCode, 400)
    assert.equal((res.json() as { message: string }).message, 'wrapped: querystring')
  })
})
