// Line table row `prefixRouteUrlWithoutSlash` (docs/fastify-lines.md): a plugin's `/` route
// also answers at `/prefix/`; that twin reports `routeOptions.url` `/prefix/` in the Fastify 4
// line (4.25) and `/prefix`, the route's canonical url, in the Fastify 5 line.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

function app(fastifyLine: 4 | 5, urls: string[]) {
  const instance = arbor({ fastifyLine, exposeHeadRoutes: false })
  instance.addHook('onRoute', (route) => {
    urls.push(route.url!)
  })
  instance.register(
    async (scoped) => {
      scoped.get('/', (request) => ({
        url: request.routeOptions.url,
        configUrl: request.routeOptions.config.url,
      }))
    },
    { prefix: '/prefix' },
  )
  return instance
}

test('prefixRouteUrlWithoutSlash, Fastify 4 line: the twin reports /prefix/', async () => {
  const urls: string[] = []
  const instance = app(4, urls)
  assert.deepEqual((await instance.inject('/prefix')).json(), {
    url: '/prefix',
    configUrl: '/prefix',
  })
  assert.deepEqual((await instance.inject('/prefix/')).json(), {
    url: '/prefix/',
    configUrl: '/prefix/',
  })
  assert.deepEqual(urls, ['/prefix'])
})

test('prefixRouteUrlWithoutSlash, Fastify 5 line: the twin reports /prefix', async () => {
  const urls: string[] = []
  const instance = app(5, urls)
  assert.deepEqual((await instance.inject('/prefix')).json(), {
    url: '/prefix',
    configUrl: '/prefix',
  })
  assert.deepEqual((await instance.inject('/prefix/')).json(), {
    url: '/prefix',
    configUrl: '/prefix',
  })
  assert.deepEqual(urls, ['/prefix'])
})
