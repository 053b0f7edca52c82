// `request.routeOptions.config.method` is the route's `method` option as given, as Fastify 4.25
// and 5 keep it: an array for a route of several methods (@fastify/http-proxy's routes read it
// in their preHandler), the one method otherwise, HEAD for the automatic HEAD route.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

for (const fastifyLine of [4, 5] as const) {
  test(`routeOptions.config.method is the route's method option (Fastify ${fastifyLine} line)`, async () => {
    const app = arbor({ fastifyLine })
    const seen: unknown[] = []
    app.addHook('onRequest', async (request) => {
      seen.push([request.method, request.routeOptions.config.method])
    })
    app.get('/', async () => 'one')
    app.route({ method: ['GET', 'POST'], url: '/both', handler: async () => 'both' })
    await app.inject('/')
    await app.inject({ method: 'HEAD', url: '/' })
    await app.inject({ method: 'POST', url: '/both' })
    assert.deepEqual(seen, [
      ['GET', 'GET'],
      ['HEAD', 'HEAD'],
      ['POST', ['GET', 'POST']],
    ])
  })
}
