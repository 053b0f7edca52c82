// @fastify/swagger-ui 6 (the Fastify 5 major) on arbor, in both lines, with @fastify/swagger 9:
// it serves its HTML page, its static assets (through @fastify/static 10) and the JSON and YAML
// documents that @fastify/swagger builds.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import swaggerUi from '@fastify/swagger-ui-v5'
import swagger from '@fastify/swagger-v5'
import { lines, overHttp } from './lines.ts'

for (const line of lines) {
  async function build() {
    const app = line.app()
    await app.register(swagger, {
      openapi: { info: { title: 'Docs on arbor', version: '0.0.1' } },
    })
    await app.register(swaggerUi, { routePrefix: '/docs' })
    app.get(
      '/ping',
      {
        schema: {
          response: { 200: { type: 'object', properties: { pong: { type: 'boolean' } } } },
        },
      },
      async () => ({ pong: true }),
    )
    await app.ready()
    return app
  }

  test(`@fastify/swagger-ui 6 (${line.name}): over HTTP /docs serves the Swagger UI page and its assets`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    // fetch follows a redirect, if the plugin answers /docs with one.
    const page = await request('/docs')
    assert.equal(page.status, 200)
    assert.match(String(page.headers.get('content-type')), /^text\/html/)
    assert.match(await page.text(), /<div id="swagger-ui"><\/div>/)
    const script = await request('/docs/static/swagger-ui-bundle.js')
    assert.equal(script.status, 200)
    assert.match(String(script.headers.get('content-type')), /javascript/)
    assert.ok((await script.text()).length > 1000)
    const css = await request('/docs/static/swagger-ui.css')
    assert.equal(css.status, 200)
    assert.match(String(css.headers.get('content-type')), /^text\/css/)
    await css.arrayBuffer()
  })

  test(`@fastify/swagger-ui 6 (${line.name}): /docs/json and /docs/yaml are the app's OpenAPI document`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const json = await app.inject({ method: 'GET', url: '/docs/json' })
    assert.equal(json.statusCode, 200)
    const doc = json.json() as { info: { title: string }; paths: Record<string, unknown> }
    assert.equal(doc.info.title, 'Docs on arbor')
    assert.deepEqual(Object.keys(doc.paths), ['/ping'])
    const yaml = await app.inject({ method: 'GET', url: '/docs/yaml' })
    assert.equal(yaml.statusCode, 200)
    assert.match(yaml.body, /title: Docs on arbor/)
  })
}
