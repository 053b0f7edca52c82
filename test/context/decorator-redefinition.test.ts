// When a decorator name may be declared again, by the rule of Fastify's lib/decorate.js (the
// same in 4.25 and 5): a request or reply decorator is refused only when the same context
// declared it, or when an ancestor declared it with a plain value; an ancestor's function or
// getter, or a built-in reply method, may be redefined in a child (mercurius registered at the
// root and again in a plugin; @fastify/cors over reply.getHeader). An instance decorator is
// refused only when the context has the name as its own property. Encapsulation still holds:
// a redefinition is seen in its context and below only (spec "Encapsulation rules" 2 to 4).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'

type Bag = Record<string, unknown>
const call = (target: object, key: string): unknown =>
  (target as Record<string, () => unknown>)[key]!.call(target)

const codeOf = (fn: () => unknown): unknown => {
  try {
    fn()
  } catch (err) {
    return (err as { code?: unknown }).code ?? (err as Error).constructor.name
  }
  return 'accepted'
}

for (const fastifyLine of [4, 5] as const) {
  describe(`decorator redefinition as Fastify decides (Fastify ${fastifyLine} line)`, () => {
    test("Encapsulation rules: a child redefines an ancestor's function request and reply decorators for its own routes only", async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      app.decorateRequest('where', () => 'root')
      app.decorateReply('where', () => 'root')
      app.get('/root', async (request, reply) => [call(request, 'where'), call(reply, 'where')])
      app.register(
        async (child: ArborInstance) => {
          child.decorateRequest('where', () => 'child')
          child.decorateReply('where', () => 'child')
          child.get('/', async (request, reply) => [call(request, 'where'), call(reply, 'where')])
          child.register(async (grandchild: ArborInstance) => {
            grandchild.get('/deeper', async (request) => call(request, 'where'))
          })
        },
        { prefix: '/child' },
      )
      app.register(
        async (sibling: ArborInstance) => {
          sibling.get('/', async (request, reply) => [call(request, 'where'), call(reply, 'where')])
        },
        { prefix: '/sibling' },
      )
      assert.deepEqual((await app.inject('/root')).json(), ['root', 'root'])
      assert.deepEqual((await app.inject('/child')).json(), ['child', 'child'])
      assert.equal((await app.inject('/child/deeper')).body, 'child')
      assert.deepEqual((await app.inject('/sibling')).json(), ['root', 'root'])
    })

    test("a child redefines an ancestor's getter decorator", async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      app.decorateRequest('level', {
        getter() {
          return 'root'
        },
      })
      app.register(async (child: ArborInstance) => {
        child.decorateRequest('level', {
          getter() {
            return 'child'
          },
        })
        child.get('/child', async (request) => (request as unknown as Bag).level)
      })
      app.get('/root', async (request) => (request as unknown as Bag).level)
      assert.equal((await app.inject('/child')).body, 'child')
      assert.equal((await app.inject('/root')).body, 'root')
    })

    test("a child cannot redefine an ancestor's plain-value decorator, nor a context its own", async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      app.decorateRequest('count', 0)
      app.decorateReply('label', 'x')
      app.decorateRequest('nothing', undefined)
      app.decorateRequest('fn', () => 1)
      const codes: Bag = {}
      app.register(async (child: ArborInstance) => {
        codes.count = codeOf(() => child.decorateRequest('count', 1))
        codes.label = codeOf(() => child.decorateReply('label', () => 'y'))
        codes.nothing = codeOf(() => child.decorateRequest('nothing', () => 'y'))
        codes.fn = codeOf(() => child.decorateRequest('fn', () => 2))
        codes.fnAgain = codeOf(() => child.decorateRequest('fn', () => 3))
        child.register(
          plugin(async (wrapped: ArborInstance) => {
            // a wrapped plugin runs in `child`, which already declared `fn`
            codes.wrapped = codeOf(() => wrapped.decorateRequest('fn', () => 4))
          }),
        )
      })
      codes.rootAgain = codeOf(() => app.decorateReply('label', () => 'z'))
      await app.ready()
      assert.deepEqual(codes, {
        rootAgain: 'FST_ERR_DEC_ALREADY_PRESENT',
        count: 'FST_ERR_DEC_ALREADY_PRESENT',
        label: 'FST_ERR_DEC_ALREADY_PRESENT',
        nothing: 'FST_ERR_DEC_ALREADY_PRESENT',
        fn: 'accepted',
        fnAgain: 'FST_ERR_DEC_ALREADY_PRESENT',
        wrapped: 'FST_ERR_DEC_ALREADY_PRESENT',
      })
    })

    test('decorateReply over a built-in reply method (getHeader) is accepted at the root and in a child', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      app.decorateReply('getHeader', () => 'root decorator')
      app.get('/root', async (_request, reply) => reply.getHeader('x'))
      app.register(async (child: ArborInstance) => {
        child.decorateReply('getHeader', () => 'child decorator')
        child.get('/child', async (_request, reply) => reply.getHeader('x'))
      })
      assert.equal((await app.inject('/root')).body, 'root decorator')
      assert.equal((await app.inject('/child')).body, 'child decorator')
    })

    test('a fastify-plugin plugin that decorates the instance and the reply loads at the root and again in a child (mercurius)', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const graphqlLike = fp(async (instance: ArborInstance, opts: { name: string }) => {
        instance.decorate('graphql', () => opts.name)
        instance.decorateReply('graphql', () => opts.name)
      })
      app.register(graphqlLike, { name: 'root' })
      app.get('/root', async (_request, reply) => [call(app, 'graphql'), call(reply, 'graphql')])
      app.register(
        async (child: ArborInstance) => {
          child.register(graphqlLike, { name: 'child' })
          child.after(() => {
            child.get('/', async (_request, reply) => [
              call(child, 'graphql'),
              call(reply, 'graphql'),
            ])
          })
        },
        { prefix: '/child' },
      )
      await app.ready()
      assert.deepEqual((await app.inject('/root')).json(), ['root', 'root'])
      assert.deepEqual((await app.inject('/child')).json(), ['child', 'child'])
    })

    test('decorate: refused over the root API or a name the context owns; accepted over an Object.prototype name; a getter-only API member in a child throws a TypeError', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const codes: Bag = {
        listen: codeOf(() => app.decorate('listen', () => {})),
        version: codeOf(() => app.decorate('version', '1')),
        toString: codeOf(() => app.decorate('toString', () => 'app')),
      }
      app.decorate('db', 'root')
      codes.dbAgain = codeOf(() => app.decorate('db', 'again'))
      app.register(async (child: ArborInstance) => {
        codes.childDb = codeOf(() => child.decorate('db', 'child'))
        codes.childPrefix = codeOf(() => child.decorate('prefix', '/x'))
        codes.childGetSchemas = codeOf(() => child.decorate('getSchemas', () => ({})))
      })
      await app.ready()
      assert.deepEqual(codes, {
        listen: 'FST_ERR_DEC_ALREADY_PRESENT',
        version: 'FST_ERR_DEC_ALREADY_PRESENT',
        toString: 'accepted',
        dbAgain: 'FST_ERR_DEC_ALREADY_PRESENT',
        childDb: 'accepted',
        childPrefix: 'TypeError',
        childGetSchemas: 'FST_ERR_DEC_ALREADY_PRESENT',
      })
      assert.equal(String(app), 'app')
    })
  })
}
