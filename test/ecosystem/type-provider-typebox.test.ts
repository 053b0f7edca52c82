// @fastify/type-provider-typebox 4 (the Fastify 4 major, TypeBox 0.3x) on arbor; the cases,
// shared with the Fastify 5 major (test/ecosystem-v5/type-provider-typebox.test.ts), are in
// cases/type-provider-typebox.ts. The routes that use the provider are built here: their
// expectType lines check this major's TypeBoxTypeProvider (`npm run typecheck`).
import {
  Type,
  type TypeBoxTypeProvider,
  TypeBoxValidatorCompiler,
} from '@fastify/type-provider-typebox'
import arbor from '../../src/index.ts'
import { expectType } from '../types/expect.ts'
import { typeBoxCases } from './cases/type-provider-typebox.ts'

const User = Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Integer() })

typeBoxCases({
  app: arbor,
  label: '@fastify/type-provider-typebox',
  user: User,
  provide: (app) => app.withTypeProvider<TypeBoxTypeProvider>(),
  compilerApp() {
    const app = arbor()
      .setValidatorCompiler(TypeBoxValidatorCompiler)
      .withTypeProvider<TypeBoxTypeProvider>()
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
    return app
  },
  async providerApp() {
    const app = arbor().withTypeProvider<TypeBoxTypeProvider>()
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
          return { id: request.params.id, ...request.body }
        },
      )
    })
    return app
  },
})
