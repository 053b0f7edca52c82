// @fastify/swagger 9 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/swagger.test.ts), are in ../ecosystem/cases/swagger.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import swagger from '@fastify/swagger-v5'
import { swaggerCases } from '../ecosystem/cases/swagger.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  swaggerCases({ plugin: swagger, app: line.app, label: `@fastify/swagger 9 (${line.name})` })
}

// @fastify/swagger 9 documents `body.content` (one schema per media type), which arbor leaves in
// the route's schema as written and validates by the request's media type (issue 39).
for (const line of lines) {
  test(`@fastify/swagger 9 (${line.name}): body.content is documented per media type`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(swagger, { openapi: { info: { title: 'Upload', version: '1.0.0' } } })
    const json = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }
    const text = { type: 'string' }
    const content = { 'application/json': { schema: json }, 'text/plain': { schema: text } }
    app.post('/upload', { schema: { body: { content } } }, async () => 'ok')
    await app.ready()
    const doc = (
      app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }
    ).swagger()
    const post = doc.paths['/upload']?.post as { requestBody: { content: unknown } } | undefined
    assert.deepEqual(post?.requestBody.content, content)
    const bad = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: { other: 1 },
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(bad.statusCode, 400)
  })
}
