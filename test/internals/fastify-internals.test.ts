// Issue 38, "Fastify's internal modules": what the stand-in packages hand out as
// `fastify/lib/symbols.js`, `lib/reply.js`, `lib/request.js` and the rest means what it means in
// Fastify. A symbol is the key arbor itself reads, and a Reply built by hand, as NestJS's
// platform-fastify builds one to answer from middleware, answers through arbor's send path.
import assert from 'node:assert/strict'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'
import * as internals from '../../src/internals/index.ts'
import { listenLocal } from '../helpers/http.ts'

const { symbols, Reply, Request, errors, pluginUtils } = internals
const { kRouteContext, kReplySerializer, kErrorHandler, kPluginNameChain, kRoutePrefix } = symbols

type Keyed = Record<symbol, unknown>

/** What platform-fastify does in `createReplyForRawResponse`: a reply around a raw response. */
function replyForRaw(instance: ArborInstance, res: ServerResponse): InstanceType<typeof Reply> {
  const request = {
    raw: (res as ServerResponse & { req: IncomingMessage }).req,
    server: instance,
    log: instance.log,
    [kRouteContext]: {
      preSerialization: null,
      preValidation: [],
      preHandler: [],
      onSend: [],
      onError: [],
      server: instance,
      errorHandler: (instance as unknown as Keyed)[kErrorHandler],
    },
  }
  return new Reply(res, request, instance.log)
}

/** An app whose onRequest hook answers `/guarded` from a hand-made reply, as Nest middleware. */
function middlewareApp(): ArborInstance {
  const app = arbor()
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url !== '/guarded') return done()
    replyForRaw(app, reply.raw).status(403).send({ statusCode: 403, message: 'Forbidden' })
  })
  app.get('/guarded', async () => ({ reached: true }))
  app.get('/open', async () => ({ open: true }))
  return app
}

describe('Fastify internals (issue 38): lib/symbols.js keys are the keys arbor uses', () => {
  test('reply[kRouteContext] and request[kRouteContext] are the route’s context', async () => {
    const app = arbor()
    app.get('/items/:id', { config: { tag: 'items' } }, async (request, reply) => {
      const context = (reply as unknown as Keyed)[kRouteContext] as {
        config: Record<string, unknown>
        server: unknown
      }
      return {
        tag: context.config.tag,
        url: context.config.url,
        server: context.server === app,
        same: (request as unknown as Keyed)[kRouteContext] === context,
      }
    })
    const response = await app.inject('/items/1')
    assert.deepEqual(response.json(), { tag: 'items', url: '/items/:id', server: true, same: true })
  })

  test('reply[kReplySerializer] reads and sets the serializer reply.serializer() sets', async () => {
    const app = arbor()
    app.get('/read', (_request, reply) => {
      const before = (reply as unknown as Keyed)[kReplySerializer]
      const fn = () => 'custom'
      reply.serializer(fn)
      reply.send({ before, same: (reply as unknown as Keyed)[kReplySerializer] === fn })
    })
    app.get('/set', (_request, reply) => {
      ;(reply as unknown as Keyed)[kReplySerializer] = (payload: unknown) =>
        `set:${JSON.stringify(payload)}`
      reply.send({ a: 1 })
    })
    assert.equal((await app.inject('/read')).body, 'custom')
    assert.equal((await app.inject('/set')).body, 'set:{"a":1}')
  })

  test('kPluginNameChain and kRoutePrefix read the context’s own', async () => {
    const app = arbor()
    let seen: unknown[] = []
    app.register(
      async (child) => {
        const keyed = child as unknown as Keyed
        seen = [keyed[kRoutePrefix], [...(keyed[kPluginNameChain] as string[])]]
      },
      { prefix: '/v1' },
    )
    await app.ready()
    assert.equal(seen[0], '/v1')
    assert.ok(Array.isArray(seen[1]) && seen[1].length > 0)
  })

  test('instance[kErrorHandler] is the chain a hand-made reply calls', async () => {
    const app = arbor()
    app.setErrorHandler((error, _request, reply) => {
      reply.code(418).send({ handled: error.message })
    })
    app.addHook('onRequest', (_request, reply, done) => {
      replyForRaw(app, reply.raw).send(new Error('from middleware'))
      void done
    })
    app.get('/', async () => 'never')
    const response = await app.inject('/')
    assert.equal(response.statusCode, 418)
    assert.deepEqual(response.json(), { handled: 'from middleware' })
  })
})

describe('Fastify internals (issue 38): new Reply(res, request, log) as platform-fastify builds it', () => {
  test('answers 403 with its JSON body through inject, and the route is never reached', async () => {
    const app = middlewareApp()
    const denied = await app.inject('/guarded')
    assert.equal(denied.statusCode, 403)
    assert.match(String(denied.headers['content-type']), /^application\/json/)
    assert.deepEqual(denied.json(), { statusCode: 403, message: 'Forbidden' })
    assert.deepEqual((await app.inject('/open')).json(), { open: true })
  })

  test('answers 403 over real HTTP', async (t) => {
    const app = middlewareApp()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const response = await fetch(`http://127.0.0.1:${port}/guarded`)
    assert.equal(response.status, 403)
    assert.deepEqual(await response.json(), { statusCode: 403, message: 'Forbidden' })
  })

  test('a Reply built around an arbor request is that request’s reply class', async () => {
    const app = arbor()
    app.register(async (child) => {
      child.decorateReply('inChild', true)
      child.get('/child', (request, reply) => {
        const made = new Reply(reply.raw, request, request.log) as unknown as Record<
          string,
          unknown
        >
        reply.send({ decorated: made.inChild === true, instance: made instanceof Reply })
      })
    })
    assert.deepEqual((await app.inject('/child')).json(), { decorated: true, instance: true })
  })

  test('new Request(id, params, req, query, log, context) makes an arbor request', async () => {
    const app = arbor()
    app.get('/r/:id', (request, reply) => {
      const context = (request as unknown as Keyed)[kRouteContext]
      const made = new Request('id-1', { id: 'x' }, request.raw, { q: '1' }, request.log, context)
      reply.send({ id: made.id, params: made.params, query: made.query, url: made.url })
    })
    const response = await app.inject('/r/7?q=1')
    assert.deepEqual(response.json(), {
      id: 'id-1',
      params: { id: 'x' },
      query: { q: '1' },
      url: '/r/7?q=1',
    })
  })
})

describe('Fastify internals (issue 38): lib/errors.js and lib/pluginUtils.js', () => {
  test('errors are arbor’s own classes, so instanceof holds against what arbor throws', async () => {
    const app = arbor()
    app.get('/', async () => 'ok')
    const thrown = (() => {
      try {
        app.get('/', async () => 'again')
      } catch (error) {
        return error
      }
    })()
    assert.ok(thrown instanceof errors.FST_ERR_DUPLICATED_ROUTE)
  })

  test('pluginUtils names a plugin as the loader does', () => {
    const named = plugin(async () => {}, { name: 'my-plugin' })
    assert.equal(pluginUtils.getDisplayName(named), 'my-plugin')
    assert.equal(pluginUtils.getPluginName(named), 'my-plugin')
    assert.equal(pluginUtils.kRegisteredPlugins, Symbol.for('registered-plugin'))
  })
})

describe('Fastify internals (issue 38): lib/pluginOverride.js', () => {
  test('override(parent, fn, opts) makes a child context, or keeps the parent for a wrapped plugin', async () => {
    const app = arbor()
    const child = internals.pluginOverride(app, async () => {}, { prefix: '/v2' })
    child.decorate('onlyInChild', true)
    const same = internals.pluginOverride(
      app,
      plugin(async () => {}),
      {},
    )
    assert.notEqual(child, app)
    assert.equal(child.prefix, '/v2')
    assert.equal(app.hasDecorator('onlyInChild'), false)
    assert.equal(same, app)
  })
})
