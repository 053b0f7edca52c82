// @fastify/swagger-ui cases shared by its Fastify 4 major (4, with @fastify/swagger 8) and its
// Fastify 5 major (6, with @fastify/swagger 9): it serves its HTML page, its static assets
// (through @fastify/static) and the JSON and YAML documents that @fastify/swagger builds.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { Plugin, PluginCase } from './plugin-case.ts'

export interface SwaggerUiCase extends PluginCase {
  /** The @fastify/swagger major that goes with this swagger-ui major. */
  swagger: Plugin
}

export function swaggerUiCases({ plugin, app: makeApp, label, swagger }: SwaggerUiCase): void {
  async function build() {
    const app = makeApp()
    await app.register(swagger, {
      openapi: { info: { title: 'Docs on arbor', version: '0.0.1' } },
    })
    await app.register(plugin, { routePrefix: '/docs' })
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

  test(`${label}: /docs serves the Swagger UI page as HTML`, async (t) => {
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

  test(`${label}: the page's script and stylesheet are served with their content types`, async (t) => {
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

  test(`${label}: over real HTTP /docs serves the Swagger UI page and its assets`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const request = (path: string) => fetch(`http://127.0.0.1:${port}${path}`)
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

  test(`${label}: /docs/json and /docs/yaml are the OpenAPI document of the app's routes`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await app.inject({ method: 'GET', url: '/docs/json' })
    assert.equal(res.statusCode, 200)
    const doc = res.json() as { info: { title: string }; paths: Record<string, unknown> }
    assert.equal(doc.info.title, 'Docs on arbor')
    assert.deepEqual(Object.keys(doc.paths), ['/ping'])
    const yaml = await app.inject({ method: 'GET', url: '/docs/yaml' })
    assert.equal(yaml.statusCode, 200)
    assert.match(yaml.body, /title: Docs on arbor/)
  })
}
