// Standard Schema v1 objects as response schemas, and what @fastify/swagger sees of them, in
// both Fastify lines: a schema with a JSON Schema (zod 4, arktype 2) is serialized from it
// (undeclared fields dropped); one without (valibot) is checked by its library and sent with
// JSON.stringify (docs/validation.md "Standard Schema").
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import swagger8 from '@fastify/swagger'
import swaggerUi4 from '@fastify/swagger-ui'
import swaggerUi6 from '@fastify/swagger-ui-v5'
import swagger9 from '@fastify/swagger-v5'
import { type } from 'arktype'
import * as v from 'valibot'
import * as z from 'zod'
import { lines } from '../ecosystem-v5/lines.ts'

const user = { id: 1, name: 'Ada', password: 'secret' }

for (const line of lines) {
  describe(`Standard Schema responses (${line.name})`, () => {
    test('zod and arktype: serialized from their JSON Schema, undeclared fields dropped', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      app.get(
        '/zod',
        { schema: { response: { 200: z.object({ id: z.number(), name: z.string() }) } } },
        async () => user,
      )
      app.get(
        '/ark',
        { schema: { response: { '2xx': type({ id: 'number', name: 'string' }) } } },
        async () => user,
      )
      for (const url of ['/zod', '/ark']) {
        const res = await app.inject({ method: 'GET', url })
        assert.equal(res.statusCode, 200)
        assert.deepEqual(res.json(), { id: 1, name: 'Ada' }, url)
      }
    })

    test('onRoute hooks see the JSON Schema of each converted part', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      const seen: Array<Record<string, unknown>> = []
      app.addHook('onRoute', (options) => {
        seen.push(options.schema as Record<string, unknown>)
      })
      app.post(
        '/seen',
        {
          schema: {
            body: z.object({ n: z.coerce.number().default(2) }),
            response: { 200: z.object({ ok: z.boolean() }) },
          },
        },
        async () => ({ ok: true }),
      )
      const schema = seen[0]!
      assert.deepEqual(schema.body, {
        type: 'object',
        properties: { n: { type: 'number', default: 2 } },
      })
      assert.deepEqual((schema.response as Record<string, unknown>)[200], {
        type: 'object',
        properties: { ok: { type: 'boolean' } },
        required: ['ok'],
        additionalProperties: false,
      })
      // the converted body still validates with zod: coercion and default apply
      const res = await app.inject({ method: 'POST', url: '/seen', payload: { n: '5' } })
      assert.deepEqual(res.json(), { ok: true })
    })

    test('valibot: the payload is checked by the library and sent with JSON.stringify', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      const shape = v.object({ id: v.number(), name: v.string() })
      app.get('/v', { schema: { response: { 200: shape } } }, async () => user)
      // @ts-expect-error the types refuse this payload too; the test sends it to see the 500
      app.get('/v-bad', { schema: { response: { 200: shape } } }, async () => ({ id: 'x' }))
      const ok = await app.inject({ method: 'GET', url: '/v' })
      assert.deepEqual(ok.json(), { id: 1, name: 'Ada' })
      const bad = await app.inject({ method: 'GET', url: '/v-bad' })
      assert.equal(bad.statusCode, 500)
      assert.equal(bad.json().code, 'FST_ERR_SCH_RESPONSE_VALIDATION')
      assert.match(bad.json().message, /status 200 does not match its schema: \/id Invalid type/)
    })

    test('a user serializer compiler gets the Standard Schema as written', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      const shape = z.object({ id: z.number() })
      const seen: unknown[] = []
      app.setSerializerCompiler(({ schema }) => {
        seen.push(schema)
        return (data) => JSON.stringify(data)
      })
      app.get('/own', { schema: { response: { 200: shape } } }, async () => ({ id: 1 }))
      await app.ready()
      assert.equal(seen[0], shape)
    })
  })
}

const swaggers = [
  { label: '@fastify/swagger 8', swagger: swagger8, ui: swaggerUi4, line: lines[0]! },
  { label: '@fastify/swagger 9', swagger: swagger9, ui: swaggerUi6, line: lines[1]! },
]

for (const { label, swagger, ui, line } of swaggers) {
  test(`${label} (${line.name}): /documentation/json holds the zod route's body and response`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(swagger as never, { openapi: { info: { title: 'zod', version: '1.0.0' } } })
    await app.register(ui as never)
    app.post(
      '/items',
      {
        schema: {
          body: z.object({ label: z.string().min(1) }),
          response: { 201: z.object({ id: z.string(), label: z.string() }) },
        },
      },
      async (_request, reply) => reply.code(201).send({ id: 'a', label: 'b' }),
    )
    await app.ready()
    const res = await app.inject({ method: 'GET', url: '/documentation/json' })
    assert.equal(res.statusCode, 200)
    const post = res.json().paths['/items'].post
    assert.deepEqual(post.requestBody.content['application/json'].schema, {
      type: 'object',
      properties: { label: { type: 'string', minLength: 1 } },
      required: ['label'],
    })
    assert.deepEqual(post.responses['201'].content['application/json'].schema, {
      type: 'object',
      properties: { id: { type: 'string' }, label: { type: 'string' } },
      required: ['id', 'label'],
      additionalProperties: false,
    })
  })
}
