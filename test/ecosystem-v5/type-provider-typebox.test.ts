// @fastify/type-provider-typebox 6 (the Fastify 5 major, on TypeBox 1) on arbor, in both lines:
// TypeBox 1 schemas on routes, checked by arbor's default Ajv compiler or by the package's
// TypeBoxValidatorCompiler, and withTypeProvider<TypeBoxTypeProvider>(), whose Fastify 5 shape
// (validator / serializer) types the request and the reply. The expectType lines are checked by
// `npm run typecheck`.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  Type,
  type TypeBoxTypeProvider,
  TypeBoxValidatorCompiler,
} from '@fastify/type-provider-typebox-v5'
import { expectType } from '../types/expect.ts'
import { lines, overHttp } from './lines.ts'

const User = Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Integer() })

for (const line of lines) {
  test(`@fastify/type-provider-typebox 6 (${line.name}): a TypeBox 1 body schema is validated by arbor's Ajv`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    app.post('/users', { schema: { body: User } }, async (request) => request.body)
    const ok = await app.inject({
      method: 'POST',
      url: '/users',
      payload: { name: 'Ada', age: 36 },
    })
    assert.deepEqual(ok.json(), { name: 'Ada', age: 36 })
    const bad = await app.inject({ method: 'POST', url: '/users', payload: { name: '', age: 36 } })
    assert.equal(bad.statusCode, 400)
  })

  test(`@fastify/type-provider-typebox 6 (${line.name}): TypeBoxValidatorCompiler validates and converts`, async (t) => {
    // As the package's README starts an app: the compiler, then the provider.
    const app = line
      .app()
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
    const ok = await app.inject({
      method: 'POST',
      url: '/users',
      payload: { name: 'Ada', age: 36 },
    })
    assert.deepEqual(ok.json(), { name: 'Ada', age: 36 })
    const bad = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
    assert.equal(bad.statusCode, 400)
    const page = await app.inject({ method: 'GET', url: '/page?n=3' })
    assert.deepEqual(page.json(), { n: 3 }, 'the query string is converted to an integer')
    assert.equal((await app.inject({ method: 'GET', url: '/page?n=0' })).statusCode, 400)
  })

  test(`@fastify/type-provider-typebox 6 (${line.name}): over HTTP params, body and reply typed and checked`, async (t) => {
    const app = line.app().withTypeProvider<TypeBoxTypeProvider>()
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
    const request = await overHttp(app)
    const put = (id: string, body: unknown) =>
      request(`/users/${id}`, {
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
}
