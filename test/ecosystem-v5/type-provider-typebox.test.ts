// @fastify/type-provider-typebox 6 (the Fastify 5 major, on TypeBox 1) on arbor, in both lines;
// the cases, shared with the Fastify 4 major (test/ecosystem/type-provider-typebox.test.ts), are
// in ../ecosystem/cases/type-provider-typebox.ts. The routes that use the provider are built
// here: their expectType lines check this major's TypeBoxTypeProvider, whose Fastify 5 shape
// (validator / serializer) types the request and the reply (`npm run typecheck`).
import {
  Type,
  type TypeBoxTypeProvider,
  TypeBoxValidatorCompiler,
} from '@fastify/type-provider-typebox-v5'
import { typeBoxCases } from '../ecosystem/cases/type-provider-typebox.ts'
import { expectType } from '../types/expect.ts'
import { lines } from './lines.ts'

const User = Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Integer() })

for (const line of lines) {
  typeBoxCases({
    app: line.app,
    label: `@fastify/type-provider-typebox 6 (${line.name})`,
    user: User,
    provide: (app) => app.withTypeProvider<TypeBoxTypeProvider>(),
    compilerApp() {
      const app = line
        .app()
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
      const app = line.app().withTypeProvider<TypeBoxTypeProvider>()
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
}
