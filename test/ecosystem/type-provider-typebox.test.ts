// @fastify/type-provider-typebox 4 on arbor: TypeBox schemas on routes, checked by arbor's
// default Ajv compiler or by the package's TypeBoxValidatorCompiler, and the
// withTypeProvider<TypeBoxTypeProvider>() call every TypeBox app starts with. The expectType
// lines are checked by `npm run typecheck`: request types come from the TypeBox schemas.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  Type,
  type TypeBoxTypeProvider,
  TypeBoxValidatorCompiler,
} from '@fastify/type-provider-typebox'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'
import { expectType } from '../types/expect.ts'

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
  // As the package's README starts an app: the compiler, then the provider.
  const app = arbor()
    .setValidatorCompiler(TypeBoxValidatorCompiler)
    .withTypeProvider<TypeBoxTypeProvider>()
  t.after(() => app.close())
  app.post('/users', { schema: { body: User } }, async (request) => {
    expectType<{ name: string; age: number }>()(request.body)
    return request.body
  })
  app.get(
    '/page',
    { schema: { querystring: Type.Object({ n: Type.Integer({ minimum: 1 }) }) } },
    async (request) => {
      expectType<{ n: number }>()(request.query)
      return request.query
    },
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

test('@fastify/type-provider-typebox: app.withTypeProvider() returns the app', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  assert.equal(typed, app)
})

test('@fastify/type-provider-typebox: over real HTTP, params, body and reply typed and checked from TypeBox', async (t) => {
  const app = arbor().withTypeProvider<TypeBoxTypeProvider>()
  t.after(() => app.close())
  // The provider carries into a child context, as with Fastify.
  await app.register(async (child) => {
    child.put(
      '/users/:id',
      {
        schema: {
          params: Type.Object({ id: Type.Integer() }),
          body: User,
          response: { 200: Type.Object({ id: Type.Integer(), name: Type.String() }) },
        },
      },
      async (request) => {
        expectType<{ id: number }>()(request.params)
        expectType<{ name: string; age: number }>()(request.body)
        // `age` is not in the response schema: the serializer leaves it out.
        return { id: request.params.id, ...request.body }
      },
    )
  })
  const port = await listenLocal(app)
  const put = (id: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}/users/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const ok = await put('7', { name: 'Ada', age: 36 })
  assert.equal(ok.status, 200)
  assert.deepEqual(await ok.json(), { id: 7, name: 'Ada' })
  assert.equal((await put('seven', { name: 'Ada', age: 36 })).status, 400)
  assert.equal((await put('7', { name: 'Ada', age: 'old' })).status, 400)
})
