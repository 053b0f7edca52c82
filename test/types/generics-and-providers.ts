// Type tests: route generics (Fastify's way) win over the schema; other type providers with
// withTypeProvider, Fastify's included.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { type TSchema, Type } from '@sinclair/typebox'
import arbor, { type ArborRequest, type ArborTypeProvider } from '../../src/index.ts'
import { expectType } from './expect.ts'

const app = arbor()

// ---- route generics ----

interface ById {
  Params: { id: number }
  Reply: { id: number; name: string }
}
app.get<ById>('/users/:id', (request) => {
  expectType<{ id: number }>()(request.params)
  return { id: request.params.id, name: 'a' }
})
// @ts-expect-error the Reply generic checks the return
app.get<ById>('/users-bad/:id', () => ({ id: 'x' }))

// A generic wins over the schema, part by part when the generic leaves parts out.
app.post<{ Body: { given: true } }>(
  '/both',
  {
    schema: {
      body: { type: 'object', properties: { inferred: { type: 'string' } } },
    } as const,
  },
  (request) => {
    expectType<{ given: true }>()(request.body)
  },
)

// A Reply generic by status code, as Fastify 4 reads it.
app.get<{ Reply: { 200: { ok: true }; '4xx': { error: string } } }>(
  '/status',
  (_request, reply) => {
    reply.code(200).send({ ok: true })
    reply.code(404).send({ error: 'missing' })
    // @ts-expect-error 404 takes the '4xx' type
    reply.code(404).send({ ok: true })
    return { ok: true as const }
  },
)

// A handler annotated with a request type still compiles.
app.get('/annotated/:id', (request: ArborRequest<{ Params: { id: string } }>) => request.params.id)

// ---- withTypeProvider ----

// Fastify's TypeBox provider (TypeBox is also read without it).
const typebox = arbor().withTypeProvider<TypeBoxTypeProvider>()
typebox.post('/typebox', { schema: { body: Type.Object({ n: Type.Number() }) } }, (request) => {
  expectType<{ n: number }>()(request.body)
})

// A provider of one's own, for a schema library arbor does not read.
interface Branded<T> {
  readonly brand: T
}
interface BrandedProvider extends ArborTypeProvider {
  output: this['input'] extends Branded<infer T> ? T : unknown
}
const branded = arbor().withTypeProvider<BrandedProvider>()
declare const nameSchema: Branded<{ name: string }> & TSchema
branded.post('/branded', { schema: { body: nameSchema } }, (request) => {
  expectType<{ name: string }>()(request.body)
})
// The provider carries into a child context.
branded.register(async (child) => {
  child.post('/child', { schema: { body: nameSchema } }, (request) => {
    expectType<{ name: string }>()(request.body)
  })
})
