// @fastify/swagger-ui 4 on arbor: it serves its HTML page, its static assets (through
// @fastify/static) and the JSON document that @fastify/swagger builds.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import arbor from '../../src/index.ts'

async function build() {
  const app = arbor()
  await app.register(swagger, { openapi: { info: { title: 'Docs on arbor', version: '0.0.1' } } })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  app.get(
    '/ping',
    {
      schema: { response: { 200: { type: 'object', properties: { pong: { type: 'boolean' } } } } },
    },
    async () => ({ pong: true }),
  )
  await app.ready()
  return app
}

test('@fastify/swagger-ui: /docs serves the Swagger UI page as HTML', async (t) => {
  const app = await build()
  t.after(() => app.close())
  const res = await app.inject({ method: 'GET', url: '/docs' })
  // Fastify's swagger-ui redirects /docs to /docs/static/index.html.
  const page =
    res.statusCode === 302
      ? await app.inject({
          method: 'GET',
          url: new URL(String(res.headers.location), 'http://x').pathname,
        })
      : res
  assert.equal(page.statusCode, 200)
  assert.match(String(page.headers['content-type']), /^text\/html/)
  assert.match(page.body, /<div id="swagger-ui"><\/div>/)
})

test("@fastify/swagger-ui: the page's script and stylesheet are served with their content types", async (t) => {
  const app = await build()
  t.after(() => app.close())
  const script = await app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' })
  assert.equal(script.statusCode, 200)
  assert.match(String(script.headers['content-type']), /javascript/)
  assert.ok(script.body.length > 1000)
  const css = await app.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' })
  assert.equal(css.statusCode, 200)
  assert.match(String(css.headers['content-type']), /^text\/css/)
})

test("@fastify/swagger-ui: /docs/json is the OpenAPI document of the app's routes", async (t) => {
  const app = await build()
  t.after(() => app.close())
  const res = await app.inject({ method: 'GET', url: '/docs/json' })
  assert.equal(res.statusCode, 200)
  const doc = res.json() as { info: { title: string }; paths: Record<string, unknown> }
  assert.equal(doc.info.title, 'Docs on arbor')
  assert.deepEqual(Object.keys(doc.paths), ['/ping'])
})
