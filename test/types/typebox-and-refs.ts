// Type tests: TypeBox schemas (their static type) and shared schemas referenced with `$ref`.
import { Type } from '@sinclair/typebox'
import arbor from '../../src/index.ts'
import { expectType } from './expect.ts'

const app = arbor()

// ---- TypeBox: no `as const`, no provider ----

const User = Type.Object({ name: Type.String(), age: Type.Optional(Type.Integer()) })
app.post(
  '/typebox',
  { schema: { body: User, response: { 200: Type.Object({ id: Type.String() }) } } },
  async (request) => {
    expectType<{ name: string; age?: number }>()(request.body)
    return { id: request.body.name }
  },
)
app.post(
  '/typebox-bad',
  { schema: { response: { 200: Type.Object({ id: Type.String() }) } } },
  // @ts-expect-error id is a string
  async () => ({ id: 1 }),
)

// ---- $ref to a shared schema added on the chain ----

const address = {
  $id: 'address',
  type: 'object',
  properties: { city: { type: 'string' }, zip: { type: 'string' } },
  required: ['city'],
} as const

app.addSchema(address).post(
  '/ref',
  {
    schema: {
      body: {
        type: 'object',
        properties: { home: { $ref: 'address#' }, zip: { $ref: 'address#/properties/zip' } },
        required: ['home'],
      },
    } as const,
  },
  (request) => {
    expectType<string>()(request.body.home.city)
    expectType<string | undefined>()(request.body.zip)
    // @ts-expect-error city is a string
    request.body.home.city.toFixed()
  },
)

// ---- $ref to a shared schema declared for every instance type (a plugin in its own file) ----

const tag = {
  $id: 'type-test-tag',
  type: 'object',
  properties: { label: { type: 'string' } },
  required: ['label'],
} as const

declare module '../../src/index.ts' {
  interface ArborSharedSchemas {
    'type-test-tag': typeof tag
  }
}

app.post('/declared-ref', { schema: { body: { $ref: 'type-test-tag#' } } as const }, (request) => {
  expectType<string>()(request.body.label)
})
