// @fastify/type-provider-typebox cases shared by its Fastify 4 major (4, TypeBox 0.3x) and its
// Fastify 5 major (6, TypeBox 1): TypeBox schemas on routes, checked by arbor's default Ajv
// compiler or by the package's TypeBoxValidatorCompiler, and withTypeProvider(). The routes that
// use the provider are built by the caller: their expectType lines check each major's own
// TypeBoxTypeProvider (`npm run typecheck`), which a shared generic route could not; the requests
// and what they must answer are the same for both majors, here.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { App, PluginCase } from './plugin-case.ts'

export interface TypeBoxCase extends Omit<PluginCase, 'plugin'> {
  /** Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Integer() }) */
  user: object
  /** app.withTypeProvider<TypeBoxTypeProvider>() of the major under test. */
  provide(app: App): unknown
  /**
   * An app with TypeBoxValidatorCompiler then the provider (as the package's README starts one),
   * POST /users echoing a `user` body and GET /page echoing a querystring { n: integer >= 1 }.
   */
  compilerApp(): App
  /**
   * An app with the provider and, in a child context, PUT /users/:id with params { id: integer },
   * a `user` body and a 200 response { id: integer, name: string } answering { id, ...body }.
   */
  providerApp(): Promise<App>
}

export function typeBoxCases({
  app: makeApp,
  label,
  user,
  provide,
  compilerApp,
  providerApp,
}: TypeBoxCase): void {
  test(`${label}: a TypeBox body schema is validated by arbor's Ajv`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    app.post('/users', { schema: { body: user } }, async (request) => request.body)
    const ok = await app.inject({
      method: 'POST',
      url: '/users',
      payload: { name: 'Ada', age: 36 },
    })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { name: 'Ada', age: 36 })
    const bad = await app.inject({ method: 'POST', url: '/users', payload: { name: '', age: 36 } })
    assert.equal(bad.statusCode, 400)
  })

  test(`${label}: TypeBoxValidatorCompiler validates bodies and querystrings`, async (t) => {
    const app = compilerApp()
    t.after(() => app.close())
    const ok = await app.inject({
      method: 'POST',
      url: '/users',
      payload: { name: 'Ada', age: 36 },
    })
    assert.deepEqual(ok.json(), { name: 'Ada', age: 36 })
    const bad = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
    assert.equal(bad.statusCode, 400)
    const page = await app.inject({ method: 'GET', url: '/page?n=3' })
    assert.deepEqual(page.json(), { n: 3 }, 'Value.Convert turns the query string into an integer')
    const zero = await app.inject({ method: 'GET', url: '/page?n=0' })
    assert.equal(zero.statusCode, 400)
  })

  test(`${label}: app.withTypeProvider() returns the app`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    assert.equal(provide(app), app)
  })

  test(`${label}: over real HTTP, params, body and reply typed and checked from TypeBox`, async (t) => {
    const app = await providerApp()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const put = (id: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}/users/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const ok = await put('7', { name: 'Ada', age: 36 })
    assert.equal(ok.status, 200)
    // `age` is not in the response schema: the serializer leaves it out.
    assert.deepEqual(await ok.json(), { id: 7, name: 'Ada' })
    assert.equal((await put('seven', { name: 'Ada', age: 36 })).status, 400)
    assert.equal((await put('7', { name: 'Ada', age: 'old' })).status, 400)
  })
}
