// @fastify/swagger cases shared by its Fastify 4 major (8) and its Fastify 5 major (9): it
// collects routes through onRoute and builds an OpenAPI document from their schemas, shared
// schemas ($ref) included.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

// app.swagger() is typed on FastifyInstance; on arbor it is a plain decorator, reached
// through a narrow view of the document the test reads.
type OpenApiDocument = {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Record<string, unknown>>>
  components: { schemas: Record<string, unknown> }
}
type SwaggerApp = { swagger(options?: { yaml?: boolean }): OpenApiDocument & string }

/** What both the decorator's document and the served one hold for the routes of `build`. */
function assertDocument(doc: OpenApiDocument): void {
  assert.match(doc.openapi, /^3\./)
  assert.deepEqual(doc.info, { title: 'Users API', version: '1.2.3' })

  const create = doc.paths['/users']?.post
  assert.ok(create, 'POST /users is documented')
  assert.equal(create.summary, 'Create a user')
  assert.deepEqual(create.requestBody, {
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1 } },
          required: ['name'],
        },
      },
    },
    required: true,
  })
  const created = (create.responses as Record<string, { content: Record<string, unknown> }>)['201']
  assert.deepEqual(created?.content['application/json'], {
    schema: { $ref: '#/components/schemas/def-0' },
  })
  assert.deepEqual(doc.components.schemas['def-0'], {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
    required: ['id', 'name'],
    title: 'User',
  })

  const read = doc.paths['/users/{id}']?.get
  assert.ok(read, 'GET /users/:id is documented with an OpenAPI path parameter')
  assert.deepEqual(read.parameters, [
    { schema: { type: 'integer' }, in: 'path', name: 'id', required: true },
  ])
}

export function swaggerCases({ plugin, app: makeApp, label }: PluginCase): void {
  async function build() {
    const app = makeApp()
    await app.register(plugin, {
      openapi: { info: { title: 'Users API', version: '1.2.3' } },
    })
    app.addSchema({
      $id: 'User',
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['id', 'name'],
    })
    app.post(
      '/users',
      {
        schema: {
          summary: 'Create a user',
          body: {
            type: 'object',
            properties: { name: { type: 'string', minLength: 1 } },
            required: ['name'],
          },
          response: { 201: { $ref: 'User#' } },
        },
      },
      async (request, reply) => {
        reply.code(201)
        return { id: 1, name: (request.body as { name: string }).name }
      },
    )
    app.get(
      '/users/:id',
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } } },
          response: { 200: { $ref: 'User#' } },
        },
      },
      async () => ({ id: 1, name: 'Ada' }),
    )
    app.register(
      async (admin) => {
        // `hide` is a schema field the plugin adds to Fastify's FastifySchema.
        admin.get('/stats', { schema: { hide: true } as Record<string, unknown> }, async () => ({}))
        admin.get('/health', async () => ({ ok: true }))
      },
      { prefix: '/admin' },
    )
    // The document as a client fetches it; hidden from the document itself.
    app.get('/openapi.json', { schema: { hide: true } as Record<string, unknown> }, async () =>
      (app as unknown as SwaggerApp).swagger(),
    )
    await app.ready()
    return app
  }

  test(`${label}: app.swagger() documents each route with its body and response schemas`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    // JSON round trip: the plugin leaves a symbol mark on schemas it has already resolved.
    assertDocument(
      JSON.parse(JSON.stringify((app as unknown as SwaggerApp).swagger())) as OpenApiDocument,
    )
  })

  test(`${label}: a route with schema.hide is left out, prefixed routes keep their prefix`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const doc = (app as unknown as SwaggerApp).swagger()
    assert.deepEqual(Object.keys(doc.paths).sort(), ['/admin/health', '/users', '/users/{id}'])
  })

  test(`${label}: the document served over HTTP has each route's schemas`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/openapi.json`)
    assert.equal(res.status, 200)
    const doc = (await res.json()) as OpenApiDocument
    assert.deepEqual(Object.keys(doc.paths).sort(), ['/admin/health', '/users', '/users/{id}'])
    assertDocument(doc)
  })

  test(`${label}: the documented routes still validate and serialize on arbor`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const created = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
    assert.equal(created.statusCode, 201)
    assert.deepEqual(created.json(), { id: 1, name: 'Ada' })
    const refused = await app.inject({ method: 'POST', url: '/users', payload: {} })
    assert.equal(refused.statusCode, 400)
  })

  test(`${label}: app.swagger({ yaml: true }) renders the same document as YAML`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const yaml = (app as unknown as SwaggerApp).swagger({ yaml: true })
    assert.match(yaml, /^openapi: 3\./m)
    assert.match(yaml, /^ {2}\/users:$/m)
    assert.match(yaml, /^ {2}\/users\/\{id\}:$/m)
  })

  test(`${label}: a fluent-json-schema builder is documented as its JSON Schema (issue 39)`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, { openapi: { info: { title: 'Fluent', version: '1.0.0' } } })
    const json = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }
    // what fluent-json-schema's builders look like to a framework: a mark and valueOf()
    const fluent = { isFluentSchema: true, valueOf: () => json }
    app.post('/n', { schema: { body: fluent, response: { 200: fluent } } }, async (r) => r.body)
    await app.ready()
    // JSON round trip: the plugin leaves a symbol mark on schemas it has already resolved.
    const doc = JSON.parse(
      JSON.stringify((app as unknown as SwaggerApp).swagger()),
    ) as OpenApiDocument
    const post = doc.paths['/n']?.post as {
      requestBody: { content: Record<string, { schema: unknown }> }
      responses: Record<string, { content: Record<string, { schema: unknown }> }>
    }
    assert.deepEqual(post.requestBody.content['application/json']?.schema, json)
    assert.deepEqual(post.responses['200']?.content['application/json']?.schema, json)
  })
}
