// Type tests: type providers of Fastify 5's shape (`schema` in, `validator` and `serializer`
// out), as Fastify 5's providers are written, and schema objects without an index signature
// (TypeBox 1's) accepted as route schema parts.
import { type Static, type TSchema, Type } from 'typebox'
import arbor, { type ArborSplitTypeProvider } from '../../src/index.ts'
import { expectType } from './expect.ts'

// A schema library whose schemas parse into one type and serialize from another (a date: a
// string in the request, a Date in the handler's answer), as a Fastify 5 provider may type them.
interface Codec<In, Out> {
  readonly input: In
  readonly output: Out
}
interface CodecProvider extends ArborSplitTypeProvider {
  validator: this['schema'] extends Codec<infer In, unknown> ? In : unknown
  serializer: this['schema'] extends Codec<unknown, infer Out> ? Out : unknown
}
declare const when: Codec<{ at: string }, { at: Date }>

const codec = arbor().withTypeProvider<CodecProvider>()
// The request parts take the validator side, the response the serializer side.
codec.post('/when', { schema: { body: when, response: { 200: when } } }, (request) => {
  expectType<{ at: string }>()(request.body)
  return { at: new Date(request.body.at) }
})
// @ts-expect-error the response is typed from the serializer side: a Date, not a string
codec.post('/when-bad', { schema: { response: { 200: when } } }, () => ({ at: 'now' }))
// The provider carries into a child context.
codec.register(async (child) => {
  child.put('/child', { schema: { querystring: when } }, (request) => {
    expectType<{ at: string }>()(request.query)
  })
})

// TypeBox 1 schemas have no index signature; they are route schema parts all the same, and a
// provider of Fastify 5's shape built on TypeBox 1's Static types them exactly.
interface TypeBox1Provider extends ArborSplitTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown
}
const User = Type.Object({ name: Type.String(), age: Type.Integer() })
// Without a provider, the built-in one reads a TypeBox 1 schema as the JSON Schema it is.
arbor().post('/built-in', { schema: { body: User } }, (request) => {
  expectType<{ [x: string]: unknown; name: string; age: number }>()(request.body)
})
arbor()
  .withTypeProvider<TypeBox1Provider>()
  .post('/typed', { schema: { body: User } }, (request) => {
    expectType<{ name: string; age: number }>()(request.body)
  })
