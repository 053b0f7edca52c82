// @fastify/swagger 9 (the Fastify 5 major) on arbor, in both lines: it collects routes through
// onRoute and builds an OpenAPI document from their schemas, shared schemas ($ref) included.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import swagger from '@fastify/swagger-v5'
import { type App, lines, overHttp } from './lines.ts'

// app.swagger() is typed on FastifyInstance; on arbor it is a plain decorator, reached through
// a narrow view of the document the test reads.
type OpenApiDocument = {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Record<string, unknown>>>
  components: { schemas: Record<string, unknown> }
}
type SwaggerApp = { swagger(options?: { yaml?: boolean }): OpenApiDocument & string }

for (const line of lines) {
  async function build(): Promise<App> {
    const app = line.app()
    await app.register(swagger, { openapi: { info: { title: 'Users API', version: '1.2.3' } } })
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

  test(`@fastify/swagger 9 (${line.name}): the document served over HTTP has each route's schemas`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const request = await overHttp(app)
    const res = await request('/openapi.json')
    assert.equal(res.status, 200)
    const doc = (await res.json()) as OpenApiDocument
    assert.match(doc.openapi, /^3\./)
    assert.deepEqual(doc.info, { title: 'Users API', version: '1.2.3' })
    assert.deepEqual(Object.keys(doc.paths).sort(), ['/admin/health', '/users', '/users/{id}'])
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
    const responses = create.responses as Record<string, { content: Record<string, unknown> }>
    assert.deepEqual(responses['201']?.content['application/json'], {
      schema: { $ref: '#/components/schemas/def-0' },
    })
    assert.deepEqual(doc.components.schemas['def-0'], {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['id', 'name'],
      title: 'User',
    })
    assert.deepEqual(doc.paths['/users/{id}']?.get?.parameters, [
      { schema: { type: 'integer' }, in: 'path', name: 'id', required: true },
    ])
  })

  test(`@fastify/swagger 9 (${line.name}): documented routes still validate, YAML renders`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const created = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
    assert.equal(created.statusCode, 201)
    assert.deepEqual(created.json(), { id: 1, name: 'Ada' })
    const refused = await app.inject({ method: 'POST', url: '/users', payload: {} })
    assert.equal(refused.statusCode, 400)
    const yaml = (app as unknown as SwaggerApp).swagger({ yaml: true })
    assert.match(yaml, /^openapi: 3\./m)
    assert.match(yaml, /^ {2}\/users:$/m)
  })
}
