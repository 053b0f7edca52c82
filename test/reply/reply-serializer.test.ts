import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'

const wrap = (payload: unknown, statusCode: number) => JSON.stringify({ statusCode, data: payload })

describe('setReplySerializer()', () => {
  test('serializes object payloads with (payload, statusCode); strings pass untouched', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setReplySerializer(wrap)
    app.get('/object', (_request, reply) => {
      reply.code(201).send({ a: 1 })
    })
    app.get('/string', async () => 'plain')
    const object = await app.inject('/object')
    assert.equal(object.statusCode, 201)
    assert.equal(object.headers['content-type'], 'application/json; charset=utf-8')
    assert.deepEqual(object.json(), { statusCode: 201, data: { a: 1 } })
    assert.equal((await app.inject('/string')).body, 'plain')
  })

  test('it wins over the route response schema; reply.serializer() wins over it', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setReplySerializer(() => 'instance serializer')
    const schema = { response: { 200: { type: 'object', properties: { a: { type: 'string' } } } } }
    app.get('/schema', { schema }, async () => ({ a: 'x', hidden: true }))
    app.get('/own', async (_request, reply) => {
      reply.serializer(() => 'reply serializer')
      return { a: 'x' }
    })
    assert.equal((await app.inject('/schema')).body, 'instance serializer')
    assert.equal((await app.inject('/own')).body, 'reply serializer')
  })

  test('reply.serialize() uses it too', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setReplySerializer(wrap)
    app.get('/', (_request, reply) => {
      reply.send(reply.serialize({ b: 2 }))
    })
    assert.equal((await app.inject('/')).body, '{"statusCode":200,"data":{"b":2}}')
  })

  test("encapsulated: a plugin's serializer applies to its routes and descendants, not to the root or siblings", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/root', async () => ({ where: 'root' }))
    await app.register(async (child) => {
      child.setReplySerializer(() => 'child')
      child.get('/child', async () => ({ where: 'child' }))
      await child.register(async (grandchild) => {
        grandchild.get('/grandchild', async () => ({ where: 'grandchild' }))
      })
    })
    await app.register(async (sibling) => {
      sibling.get('/sibling', async () => ({ where: 'sibling' }))
    })
    assert.equal((await app.inject('/root')).body, '{"where":"root"}')
    assert.equal((await app.inject('/child')).body, 'child')
    assert.equal((await app.inject('/grandchild')).body, 'child')
    assert.equal((await app.inject('/sibling')).body, '{"where":"sibling"}')
  })

  test('set inside a plugin() wrapper, it lands in the parent context', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.register(
      plugin(async (instance) => {
        instance.setReplySerializer(() => 'from the wrapped plugin')
      }),
    )
    app.get('/', async () => ({ a: 1 }))
    assert.equal((await app.inject('/')).body, 'from the wrapped plugin')
  })

  test('error replies keep the default error serialization', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setReplySerializer(() => 'not for errors')
    app.get('/', async () => {
      throw Object.assign(new Error('nope'), { statusCode: 409 })
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 409)
    assert.equal(res.json().message, 'nope')
  })

  test('after ready() it throws FST_ERR_INSTANCE_ALREADY_LISTENING; a non-function is refused', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    assert.throws(() => app.setReplySerializer('json' as never), {
      code: 'FST_ERR_INIT_OPTS_INVALID',
    })
    await app.ready()
    assert.throws(() => app.setReplySerializer(wrap), {
      code: 'FST_ERR_INSTANCE_ALREADY_LISTENING',
    })
  })
})

describe('an error response whose schema serializer returns no string', () => {
  test('falls back to the default FST_ERR_REP_INVALID_PAYLOAD_TYPE payload, once, with no loop', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let calls = 0
    app.setSerializerCompiler(() => () => {
      calls++
      return { not: 'a string' } as unknown as string
    })
    app.get('/', {
      schema: { response: { 500: { type: 'object' } } },
      handler: () => {
        throw new Error('ops')
      },
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), {
      statusCode: 500,
      code: 'FST_ERR_REP_INVALID_PAYLOAD_TYPE',
      message: "Attempted to send payload of invalid type 'object'. Expected a string or Buffer.",
    })
    assert.equal(calls, 1)
  })

  test('a serialization error reaching the error handler is marked with the route config', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let marked: unknown
    app.setErrorHandler((error, _request, reply) => {
      marked = (error as { serialization?: unknown }).serialization
      reply.code(500).send(error)
    })
    app.get('/', {
      config: { feature: 'orders' },
      schema: {
        response: {
          200: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
      handler: async () => ({ other: 1 }),
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.deepEqual(marked, { feature: 'orders', url: '/', method: 'GET' })
  })
})
