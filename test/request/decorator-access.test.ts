// request.getDecorator / setDecorator and reply.getDecorator (Fastify 5's, in both lines): a
// decorator visible to the route, read or set through the request or reply; a name that no
// decorator declares is FST_ERR_DEC_UNDECLARED, not `undefined`.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { type ArborReply, type ArborRequest } from '../../src/index.ts'

function errorOf(fn: () => unknown): { code?: string; message: string } | undefined {
  try {
    fn()
    return undefined
  } catch (err) {
    const { code, message } = err as { code?: string; message: string }
    return { code, message }
  }
}

test('request.getDecorator: a value, a function bound to the request, a getter, a built-in member', async () => {
  const app = arbor()
  app.decorateRequest('tenant', 'acme')
  app.decorateRequest('describe', function (this: ArborRequest) {
    return `${this.method} ${this.url}`
  })
  app.decorateRequest('shout', {
    getter(this: ArborRequest) {
      return this.url.toUpperCase()
    },
  })
  app.get('/who', async (request) => ({
    tenant: request.getDecorator<string>('tenant'),
    described: request.getDecorator<() => string>('describe')(),
    shout: request.getDecorator('shout'),
    idIsTheRequests: request.getDecorator('id') === request.id,
  }))
  const res = await app.inject({ method: 'GET', url: '/who' })
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json(), {
    tenant: 'acme',
    described: 'GET /who',
    shout: '/WHO',
    idIsTheRequests: true,
  })
})

test('request.getDecorator: a name no visible decorator declares throws FST_ERR_DEC_UNDECLARED', async () => {
  const app = arbor()
  await app.register(async function sibling(child) {
    child.decorateRequest('secret', 'only here')
  })
  app.get('/', async (request) => ({
    missing: errorOf(() => request.getDecorator('nowhere')),
    sibling: errorOf(() => request.getDecorator('secret')),
  }))
  const res = await app.inject({ method: 'GET', url: '/' })
  assert.deepEqual(res.json(), {
    missing: {
      code: 'FST_ERR_DEC_UNDECLARED',
      message: "No decorator 'nowhere' has been declared on request.",
    },
    sibling: {
      code: 'FST_ERR_DEC_UNDECLARED',
      message: "No decorator 'secret' has been declared on request.",
    },
  })
})

test('request.setDecorator: sets the value on this request only; an undeclared name throws', async () => {
  const app = arbor()
  app.decorateRequest('user', null)
  app.addHook('preHandler', async (request) => {
    if (request.headers.authorization === 'alice') request.setDecorator('user', { name: 'alice' })
  })
  app.get('/me', async (request) => ({
    user: request.getDecorator('user'),
    undeclared: errorOf(() => request.setDecorator('role', 'admin'))?.code,
  }))
  const alice = await app.inject({
    method: 'GET',
    url: '/me',
    headers: { authorization: 'alice' },
  })
  assert.deepEqual(alice.json(), { user: { name: 'alice' }, undeclared: 'FST_ERR_DEC_UNDECLARED' })
  const anonymous = await app.inject({ method: 'GET', url: '/me' })
  assert.deepEqual(anonymous.json(), { user: null, undeclared: 'FST_ERR_DEC_UNDECLARED' })
})

test('reply.getDecorator: a reply decorator, a function bound to the reply; none throws', async () => {
  const app = arbor()
  app.decorateReply('sendGreeting', function (this: ArborReply, name: string) {
    return this.code(201).send({ hello: name })
  })
  app.get('/hello', async (request, reply) => {
    const undeclared = errorOf(() => reply.getDecorator('nope'))
    assert.deepEqual(undeclared, {
      code: 'FST_ERR_DEC_UNDECLARED',
      message: "No decorator 'nope' has been declared on reply.",
    })
    return reply.getDecorator<(name: string) => ArborReply>('sendGreeting')(request.url)
  })
  const res = await app.inject({ method: 'GET', url: '/hello' })
  assert.equal(res.statusCode, 201)
  assert.deepEqual(res.json(), { hello: '/hello' })
})

test('getDecorator in the Fastify 5 line: the same for the instance, request and reply', async () => {
  const app = arbor({ fastifyLine: 5 })
  app.decorate('db', 'pool')
  app.decorateRequest('flag', true)
  app.decorateReply('stamp', 'r1')
  app.get('/', async (request, reply) => ({
    db: request.server.getDecorator('db'),
    flag: request.getDecorator('flag'),
    stamp: reply.getDecorator('stamp'),
  }))
  const res = await app.inject({ method: 'GET', url: '/' })
  assert.deepEqual(res.json(), { db: 'pool', flag: true, stamp: 'r1' })
})
