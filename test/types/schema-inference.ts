// Type tests (checked by `npm run typecheck`, never run): what a route's `as const` schema gives
// its handler, built in, on every instance type. Each `@ts-expect-error` is a case that must not
// compile.
import type { IncomingHttpHeaders } from 'node:http'
import arbor from '../../src/index.ts'
import { expectType } from './expect.ts'

const app = arbor()

const userBody = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name'],
  additionalProperties: false,
} as const

// body, querystring, params and headers
app.post(
  '/users/:org',
  {
    schema: {
      body: userBody,
      querystring: {
        type: 'object',
        properties: { dryRun: { type: 'boolean' } },
        additionalProperties: false,
      },
      params: {
        type: 'object',
        properties: { org: { type: 'string' } },
        required: ['org'],
        additionalProperties: false,
      },
      headers: {
        type: 'object',
        properties: { 'X-Request-Tag': { type: 'string' } },
        required: ['X-Request-Tag'],
      },
    } as const,
  },
  async (request) => {
    expectType<{ name: string; age?: number }>()(request.body)
    expectType<{ dryRun?: boolean }>()(request.query)
    expectType<{ org: string }>()(request.params)
    // header names are lower case, as at run time; the node:http headers stay typed
    expectType<string>()(request.headers['x-request-tag'])
    expectType<IncomingHttpHeaders['host']>()(request.headers.host)
    // @ts-expect-error age is a number
    request.body.age?.toUpperCase()
    // @ts-expect-error no such property in the body schema
    request.body.email
    // @ts-expect-error params.org is a string
    request.params.org.toFixed()
  },
)

// `query` is read as well as `querystring`
app.get(
  '/search',
  {
    schema: {
      query: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    } as const,
  },
  (request) => {
    expectType<string>()(request.query.q)
  },
)

// The options-with-handler form and route() infer the same way.
app.put('/users/:id', {
  schema: { body: userBody } as const,
  handler: (request) => {
    expectType<string>()(request.body.name)
    // @ts-expect-error name is a string
    request.body.name.toFixed()
  },
})
app.route({
  method: 'POST',
  url: '/route',
  schema: { body: userBody } as const,
  handler: (request) => {
    expectType<string>()(request.body.name)
  },
})

// ---- the response schema ----

const created = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
} as const
const problem = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const

// What the handler returns is checked against the response schemas.
app.get('/ok', { schema: { response: { 200: created } } as const }, async () => ({ id: 'a' }))
// @ts-expect-error id must be a string
app.get('/bad', { schema: { response: { 200: created } } as const }, async () => ({ id: 1 }))
app.get(
  '/bad-missing',
  { schema: { response: { 200: created } } as const },
  // @ts-expect-error id is required
  () => ({}),
)

// reply.code(C).send(x) checks x against C's schema, then C's class ('4xx'), then 'default'.
app.post(
  '/codes',
  { schema: { response: { 201: created, '4xx': problem, default: problem } } as const },
  async (_request, reply) => {
    reply.code(201).send({ id: 'new' })
    // @ts-expect-error 201 takes the `created` schema
    reply.code(201).send({ message: 'no' })
    reply.code(404).send({ message: 'not found' })
    // @ts-expect-error 404 falls in '4xx'
    reply.code(404).send({ id: 'x' })
    reply.status(500).send({ message: 'default' })
    // @ts-expect-error 500 falls to 'default'
    reply.status(500).send({ id: 'x' })
    // before code(), send takes any of the declared responses
    reply.send({ id: 'either' })
    reply.send({ message: 'either' })
    // @ts-expect-error but nothing else
    reply.send({ other: true })
    // an Error always goes (to the error handler)
    reply.code(400).send(new Error('bad'))
    return reply
  },
)

// A status code the route declares nothing for takes anything, as its serializer does.
app.get('/undeclared', { schema: { response: { 200: created } } as const }, (_request, reply) => {
  reply.code(302).send('anything')
  reply.code(200).send({ id: 'x' })
})

// ---- schemas the provider cannot read ----

// Not written `as const`: literals widen to `string`, and the parts keep their untyped types.
const widened = { type: 'object', properties: { name: { type: 'string' } } }
app.post('/widened/:id', { schema: { body: widened, params: widened } }, (request) => {
  expectType<unknown>()(request.body)
  expectType<Record<string, string>>()(request.params)
  expectType<Record<string, unknown>>()(request.query)
  return { anything: true }
})

// No schema: as before.
app.get('/plain/:id', (request, reply) => {
  expectType<unknown>()(request.body)
  expectType<Record<string, string>>()(request.params)
  reply.send({ anything: true })
  return 'anything'
})

// A value typed by an interface (from a data layer) answers a response schema that allows more
// properties: the serializer writes the declared ones, so no index signature is asked of it.
interface Account {
  id: string
  owner: { name: string }
  secret: string
}
declare const account: Account
app.get(
  '/account',
  {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            owner: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
          required: ['id', 'owner'],
        },
      },
    } as const,
  },
  async () => account,
)
// but its declared properties are still checked
interface WrongAccount {
  id: number
}
declare const wrongAccount: WrongAccount
// @ts-expect-error id must be a string
app.get('/wrong-account', { schema: { response: { 200: created } } as const }, () => wrongAccount)

// A schema part cast `as never` (one the application does not type, such as a schema builder's
// output) leaves that part untyped: any body, any answer. Another code keeps its type.
declare const untypedSchema: never
app.post(
  '/untyped',
  { schema: { body: untypedSchema, response: { 200: untypedSchema } } },
  async (request) => {
    expectType<unknown>()(request.body)
    return { anything: true }
  },
)
app.get(
  '/untyped-one-code',
  { schema: { response: { 200: untypedSchema, 201: created } } as const },
  (_request, reply) => {
    reply.code(200).send({ anything: true })
    // @ts-expect-error 201 keeps its schema's type
    reply.code(201).send({ anything: true })
  },
)

// `body.content`: one schema per media type; the body is any of them
app.post(
  '/upload',
  {
    schema: {
      body: {
        content: {
          'application/json': { schema: userBody },
          'text/plain': { schema: { type: 'string' } },
        },
      },
    } as const,
  },
  async (request) => {
    expectType<{ name: string; age?: number } | string>()(request.body)
  },
)

// a shorthand with a property named `content` is not a media-type map (a shorthand is not typed)
app.post(
  '/posts',
  { schema: { body: { title: { type: 'string' }, content: { type: 'string' } } } as const },
  async (request) => {
    expectType<unknown>()(request.body)
  },
)
