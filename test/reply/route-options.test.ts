// reply.routeOptions (Fastify 5): the matched route's options, the same object as
// request.routeOptions, in hooks and handlers and on the not-found route.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

test('reply.routeOptions is request.routeOptions, with the route config and url', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  let fromHook: unknown
  app.addHook('onSend', async (_request, reply, payload) => {
    fromHook = reply.routeOptions.url
    return payload
  })
  app.get('/items/:id', { config: { area: 'items' } }, async (request, reply) => ({
    same: reply.routeOptions === request.routeOptions,
    url: reply.routeOptions.url,
    method: reply.routeOptions.method,
    area: reply.routeOptions.config.area,
  }))
  const res = await app.inject('/items/7')
  assert.deepEqual(res.json(), { same: true, url: '/items/:id', method: 'GET', area: 'items' })
  assert.equal(fromHook, '/items/:id')
})

test('reply.routeOptions on a not-found reply is the not-found route', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ same: reply.routeOptions === request.routeOptions })
  })
  const res = await app.inject('/nowhere')
  assert.deepEqual(res.json(), { same: true })
})
