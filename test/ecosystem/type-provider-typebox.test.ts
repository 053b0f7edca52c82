// @fastify/type-provider-typebox 4 on arbor: TypeBox schemas on routes, checked by arbor's
// default Ajv compiler or by the package's TypeBoxValidatorCompiler, and the
// withTypeProvider<TypeBoxTypeProvider>() call every TypeBox app starts with.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Type, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import arbor, { type ValidatorCompiler } from '../../src/index.ts'

const User = Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Integer() })

test("@fastify/type-provider-typebox: a TypeBox body schema is validated by arbor's Ajv", async (t) => {
  const app = arbor()
  t.after(() => app.close())
  app.post('/users', { schema: { body: User } }, async (request) => request.body)
  const ok = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada', age: 36 } })
  assert.equal(ok.statusCode, 200)
  assert.deepEqual(ok.json(), { name: 'Ada', age: 36 })
  const bad = await app.inject({ method: 'POST', url: '/users', payload: { name: '', age: 36 } })
  assert.equal(bad.statusCode, 400)
})

test('@fastify/type-provider-typebox: TypeBoxValidatorCompiler validates bodies and querystrings', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  // The compiler is typed as FastifySchemaCompiler<TSchema>; arbor's ValidatorCompiler takes
  // the same ({ schema, httpPart }) input.
  app.setValidatorCompiler(TypeBoxValidatorCompiler as unknown as ValidatorCompiler)
  app.post('/users', { schema: { body: User } }, async (request) => request.body)
  app.get(
    '/page',
    { schema: { querystring: Type.Object({ n: Type.Integer({ minimum: 1 }) }) } },
    async (request) => request.query,
  )
  const ok = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada', age: 36 } })
  assert.deepEqual(ok.json(), { name: 'Ada', age: 36 })
  const bad = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
  assert.equal(bad.statusCode, 400)
  const page = await app.inject({ method: 'GET', url: '/page?n=3' })
  assert.deepEqual(page.json(), { n: 3 }, 'Value.Convert turns the query string into an integer')
  const zero = await app.inject({ method: 'GET', url: '/page?n=0' })
  assert.equal(zero.statusCode, 400)
})

test('@fastify/type-provider-typebox: app.withTypeProvider() returns the app', {
  todo: 'needs withTypeProvider(), which arbor does not have',
}, async (t) => {
  const app = arbor()
  t.after(() => app.close())
  const typed = (app as unknown as { withTypeProvider(): typeof app }).withTypeProvider()
  assert.equal(typed, app)
})
