// Type tests (checked by `npm run typecheck` on TypeScript 7.0, 6.0 and 5.9, never run): route
// schemas written with Standard Schema libraries (zod 4, valibot 1, arktype 2). A request part
// is the schema's output type, a response the schema's input type. Each `@ts-expect-error` is a
// case that must not compile.
import { type } from 'arktype'
import * as v from 'valibot'
import * as z from 'zod'
import arbor, { type InferInput, type InferOutput } from '../../src/index.ts'
import { expectType } from './expect.ts'
import zodRoutes from './fixtures/zod-routes.ts'

const app = arbor()

// ---- zod: body, querystring, params, headers, response ----

const zodUser = z.object({
  name: z.string().transform((s) => s.trim()),
  age: z.coerce.number().int().optional(),
  role: z.enum(['admin', 'user']).default('user'),
})

app.post(
  '/zod/:org',
  {
    schema: {
      body: zodUser,
      querystring: z.object({ dryRun: z.stringbool().optional() }),
      params: z.object({ org: z.string() }),
      headers: z.object({ 'x-tag': z.string() }),
      response: {
        200: z.object({ id: z.number(), name: z.string() }),
        404: z.object({ missing: z.literal(true) }),
      },
    },
  },
  async (request, reply) => {
    // output types: the default is applied, the transform's result is a string
    expectType<{ name: string; age?: number | undefined; role: 'admin' | 'user' }>()(request.body)
    expectType<{ dryRun?: boolean | undefined }>()(request.query)
    expectType<{ org: string }>()(request.params)
    expectType<string>()(request.headers['x-tag'])
    // @ts-expect-error age is a number
    request.body.age?.toUpperCase()
    // @ts-expect-error no such property in the body schema
    request.body.email
    // @ts-expect-error params.org is a string
    request.params.org.toFixed()
    // @ts-expect-error 404 takes { missing: true }
    reply.code(404).send({ missing: false })
    if (request.params.org === 'none') return reply.code(404).send({ missing: true })
    return { id: 1, name: request.body.name }
  },
)

// A handler's return is checked against the response schema's input type.
app.get(
  '/zod-return',
  { schema: { response: { 200: z.object({ id: z.number() }) } } },
  // @ts-expect-error id must be a number
  async () => ({ id: 'one' }),
)

// A response schema with a transform: the handler gives its input, not its output.
const stamped = z.object({ at: z.date().transform((d) => d.toISOString()) })
app.get('/stamped', { schema: { response: { 200: stamped } } }, async () => ({ at: new Date() }))
expectType<{ at: Date }>()({} as InferInput<typeof stamped>)
expectType<{ at: string }>()({} as InferOutput<typeof stamped>)

// ---- valibot ----

app.put(
  '/valibot/:id',
  {
    schema: {
      body: v.object({ title: v.pipe(v.string(), v.minLength(1)), tags: v.array(v.string()) }),
      querystring: v.object({ page: v.optional(v.string()) }),
      params: v.object({ id: v.pipe(v.string(), v.transform(Number)) }),
      response: { 200: v.object({ ok: v.boolean() }) },
    },
  },
  async (request, reply) => {
    expectType<{ title: string; tags: string[] }>()(request.body)
    expectType<{ page?: string | undefined }>()(request.query)
    expectType<{ id: number }>()(request.params)
    // @ts-expect-error tags is an array of strings
    request.body.tags.push(1)
    // @ts-expect-error 200 takes { ok: boolean }
    reply.code(200).send({ ok: 'yes' })
    return { ok: true }
  },
)

// ---- arktype ----

app.post(
  '/arktype',
  { schema: { body: type({ name: 'string', 'n?': 'number' }) } },
  async (request) => {
    expectType<{ name: string; n?: number }>()(request.body)
    // @ts-expect-error name is a string
    request.body.name.toFixed()
  },
)

// ---- inference inside a plugin in its own file (fixtures/zod-routes.ts) ----

app.register(zodRoutes, { shelf: 'top' })

// ---- one route, zod and JSON Schema parts side by side ----

app.post(
  '/mixed',
  {
    schema: {
      body: z.object({ title: z.string() }),
      querystring: {
        type: 'object',
        properties: { page: { type: 'integer' } },
        required: ['page'],
      } as const,
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } as const },
    },
  },
  async (request) => {
    expectType<{ title: string }>()(request.body)
    expectType<number>()(request.query.page)
    // @ts-expect-error page is a number
    request.query.page.toUpperCase()
    return { ok: true }
  },
)
