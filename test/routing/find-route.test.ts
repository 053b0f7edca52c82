// Fastify 5's `findRoute()` (in every line): the route a method and url reach, as handler,
// params and query, never the route's own record.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'

function app() {
  const instance = arbor()
  const handler = () => 'artist'
  instance.get('/artists/:artistId', handler)
  return { instance, handler }
}

test('findRoute returns the handler, params and query of the route found', () => {
  const { instance, handler } = app()
  const found = instance.findRoute({ method: 'GET', url: '/artists/:artistId' })
  assert.deepEqual(found, { handler, params: { artistId: ':artistId' }, searchParams: {} })
  const concrete = instance.findRoute({ method: 'GET', url: '/artists/7?full=1' })
  assert.deepEqual(concrete?.params, { artistId: '7' })
  assert.deepEqual(concrete?.searchParams, { full: '1' })
})

test('findRoute accepts a lower-case method', () => {
  const { instance } = app()
  assert.notEqual(instance.findRoute({ method: 'get', url: '/artists/:artistId' }), null)
})

test('findRoute is null for another method, another path, or a missing method or url', () => {
  const { instance } = app()
  assert.equal(instance.findRoute({ method: 'POST', url: '/artists/:artistId' }), null)
  assert.equal(instance.findRoute({ method: 'GET', url: '/books/:bookId' }), null)
  assert.equal(instance.findRoute({ method: 'GET' }), null)
  assert.equal(instance.findRoute({ url: '/artists/:artistId' }), null)
  assert.equal(instance.findRoute({ method: 'GET', url: '/artists/%zz' }), null)
})

test('findRoute exposes no store, and a changed result does not change the route', () => {
  const { instance } = app()
  const found = instance.findRoute({ method: 'GET', url: '/artists/:artistId' })!
  assert.equal((found as unknown as { store?: unknown }).store, undefined)
  found.params.artistId = 'changed'
  const again = instance.findRoute({ method: 'GET', url: '/artists/:artistId' })!
  assert.equal(again.params.artistId, ':artistId')
})

test('findRoute matches constraints and works from a plugin', async () => {
  const instance = arbor()
  instance.get('/', { constraints: { version: '1.2.0' } }, () => 'v1')
  let fromPlugin: unknown = null
  instance.register(
    plugin(async (scoped) => {
      scoped.addHook('onReady', async () => {
        fromPlugin = scoped.findRoute({ method: 'GET', url: '/', constraints: { version: '1.x' } })
      })
    }),
  )
  await instance.ready()
  assert.notEqual(fromPlugin, null)
  assert.equal(
    instance.findRoute({ method: 'GET', url: '/', constraints: { version: '2.x' } }),
    null,
  )
})
