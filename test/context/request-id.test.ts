// Fastify 5's `instance.genReqId` and `setGenReqId()` (in every line): the request id
// generator is encapsulated per context, a wrapped plugin sets its parent's, and the id header
// is still read first.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { errorCodes, plugin } from '../../src/index.ts'

test('genReqId is the generator in effect; the default one makes a string from any request', () => {
  const app = arbor({ requestIdHeader: false })
  assert.equal(typeof app.genReqId, 'function')
  assert.equal(typeof app.genReqId({ headers: {} } as never), 'string')
  const custom = () => 'custom'
  app.register(async (scoped) => {
    scoped.setGenReqId(custom)
    assert.equal(scoped.genReqId({} as never), 'custom')
  })
  return app.ready().then(() => assert.equal(app.genReqId({} as never) === 'custom', false))
})

test('setGenReqId applies to its context and descendants, not to its parent or siblings', async () => {
  const app = arbor({ requestIdHeader: false, genReqId: () => 'base' })
  const route = (request: { id: string }) => request.id
  app.get('/', route)
  app.register(
    async (foo) => {
      foo.get('/', route)
      foo.register(async (inner) => inner.get('/', route), { prefix: '/inner' })
      foo.register(
        async (bar) => {
          bar.setGenReqId(() => 'bar')
          bar.get('/', route)
        },
        { prefix: '/bar' },
      )
      foo.setGenReqId(() => 'foo')
    },
    { prefix: '/foo' },
  )
  app.register(async (sibling) => sibling.get('/', route), { prefix: '/sibling' })
  const ids: Record<string, string> = {}
  for (const url of ['/', '/foo', '/foo/inner', '/foo/bar', '/sibling']) {
    ids[url] = (await app.inject(url)).body
  }
  assert.deepEqual(ids, {
    '/': 'base',
    '/foo': 'foo',
    '/foo/inner': 'foo',
    '/foo/bar': 'bar',
    '/sibling': 'base',
  })
})

test('setGenReqId in a wrapped plugin sets the parent context, and the not-found requests', async () => {
  const app = arbor({ requestIdHeader: false })
  app.register(plugin(async (scoped) => scoped.setGenReqId(() => 'wrapped')))
  app.get('/', (request) => request.id)
  app.setNotFoundHandler((request, reply) => reply.code(404).send(request.id))
  assert.equal((await app.inject('/')).body, 'wrapped')
  assert.equal((await app.inject('/nowhere')).body, 'wrapped')
})

test('the id header is read before a generator set with setGenReqId', async () => {
  const app = arbor({ requestIdHeader: 'x-request-id' })
  app.setGenReqId(() => 'generated')
  app.get('/', (request) => request.id)
  assert.equal((await app.inject({ url: '/', headers: { 'x-request-id': 'given' } })).body, 'given')
  assert.equal((await app.inject('/')).body, 'generated')
})

test('setGenReqId is refused once the application is ready, and needs a function', async () => {
  const app = arbor()
  assert.throws(() => app.setGenReqId('id' as never), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  await app.ready()
  assert.throws(
    () => app.setGenReqId(() => 'late'),
    (err) => err instanceof errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING,
  )
})
