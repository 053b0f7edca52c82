// Type tests of arbor/client (docs/client.md): calls typed from the app's own routes, those of
// plugins in their own files two levels deep included; what does not compile does not.
import * as z from 'zod'
import { client } from '../../src/client/index.ts'
import arbor, { type ArborRequest, plugin } from '../../src/index.ts'
import { expectType } from './expect.ts'
import { posts } from './fixtures/client-posts.ts'

const user = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
  additionalProperties: false,
} as const

const health = plugin(async (app) => app.get('/health', async () => 'ok'), { name: 'health' })

const app = arbor()
  .decorateRequest('user', null as { id: string } | null)
  .get(
    '/users/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        querystring: { type: 'object', properties: { expand: { type: 'boolean' } } },
        response: {
          200: user,
          404: { type: 'object', properties: { missing: { type: 'string' } } },
        },
      } as const,
    },
    async (request) => ({ id: request.params.id, name: 'n' }),
  )
  .post(
    '/todos',
    {
      schema: {
        body: {
          type: 'object',
          properties: { title: { type: 'string' }, done: { type: 'boolean' } },
          required: ['title'],
          additionalProperties: false,
        },
        headers: {
          type: 'object',
          properties: { authorization: { type: 'string' } },
          required: ['authorization'],
        },
        response: {
          201: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        },
      } as const,
    },
    async (_request, reply) => reply.code(201).send({ id: '1' }),
  )
  .put(
    '/items/:id',
    {
      schema: {
        body: z.object({ count: z.coerce.number().default(1), label: z.string() }),
        response: { 200: z.object({ label: z.string() }) },
      },
    },
    async (request) => ({ label: request.body.label }),
  )
  .get('/files/:dir/*', async () => 'file')
  .get('/typed', async (request: ArborRequest<{ Querystring: { n: number } }>) => request.query.n)
  .register(posts, { prefix: '/posts', start: 1 })
  .register(async (v2) => v2.get('/', async () => 'v2').delete('/old/:id', async () => null), {
    prefix: '/v2',
  })
  .register(health)

const api = client<typeof app>('http://127.0.0.1:3000')

async function calls() {
  // ---- correct calls, and the types they give ----
  const r = await api.get('/users/:id', { params: { id: 1 }, query: { expand: true } })
  if (r.status === 200) expectType<{ id: number; name: string }>()(r.body)
  if (r.status === 404) expectType<{ missing?: string }>()(r.body)
  if (r.status === 400) {
    expectType<400>()(r.body.statusCode)
    expectType<string | undefined>()(r.body.code)
  }
  if (r.status === 500) expectType<string>()(r.body.message)
  expectType<200 | 404 | 400 | 401 | 500>()(r.status)

  const t = await api.post('/todos', {
    body: { title: 'x' },
    headers: { authorization: 'Bearer k' },
  })
  if (t.ok) {
    expectType<201>()(t.status)
    expectType<{ id: string }>()(t.body)
  }

  // a Standard Schema body is sent as its input: `count` may be left out (it has a default)
  const i = await api.put('/items/:id', { params: { id: 'a b' }, body: { label: 'l' } })
  if (i.status === 200) expectType<{ label: string }>()(i.body)

  // params from the path when the schema does not type them, the wildcard included
  await api.get('/files/:dir/*', { params: { dir: 'a', '*': 'b/c.txt' } })
  // a route typed by its handler's annotation
  await api.get('/typed', { query: { n: 1 } })

  // a plugin in its own file, under its prefix, and its own plugin under both prefixes
  const p = await api.post('/posts', { body: { title: 't', tags: ['a'] } })
  if (p.status === 201) expectType<{ id: number; by?: string }>()(p.body)
  const c = await api.get('/posts/:postId/comments/:commentId', {
    params: { postId: 1, commentId: 2 },
  })
  if (c.status === 200) expectType<{ text: string; max: number }>()(c.body)

  // an inline plugin's routes, `/` under a prefix both with and without the slash
  await api.get('/v2')
  await api.get('/v2/')
  await api.delete('/v2/old/:id', { params: { id: 3 } })
  // a plugin() (no context of its own): its routes without a prefix
  const h = await api.get('/health')
  if (h.status === 200) expectType<unknown>()(h.body)

  // ---- what does not compile ----
  // @ts-expect-error no such path
  await api.get('/user/:id', { params: { id: 1 } })
  // @ts-expect-error the route is a POST, not a GET
  await api.get('/todos')
  // @ts-expect-error `id` is an integer
  await api.get('/users/:id', { params: { id: 'one' } })
  // @ts-expect-error params are required
  await api.get('/users/:id')
  // @ts-expect-error the body is required
  await api.post('/todos', { headers: { authorization: 'k' } })
  // @ts-expect-error `title` is a string
  await api.post('/todos', { body: { title: 1 }, headers: { authorization: 'k' } })
  // @ts-expect-error no `titel` in a body with additionalProperties: false
  await api.post('/todos', { body: { titel: 'x' }, headers: { authorization: 'k' } })
  // @ts-expect-error the required authorization header is missing
  await api.post('/todos', { body: { title: 'x' } })
  // @ts-expect-error the wildcard's value is missing
  await api.get('/files/:dir/*', { params: { dir: 'a' } })
  // @ts-expect-error the plugin's route is under its prefix only
  await api.post('/', { body: { title: 't' } })

  // @ts-expect-error not narrowed: a 400 body has no `name`
  r.body.name
  if (r.status === 404) {
    // @ts-expect-error a 404 body is not a user
    r.body.name
  }
  // @ts-expect-error the user schema has no `email`
  if (r.status === 200) r.body.email
}

// In a test: the app itself, through inject, with the same types.
async function inTests() {
  const local = client(app)
  const r = await local.get('/users/:id', { params: { id: 1 } })
  if (r.status === 200) expectType<string>()(r.body.name)
}

void calls
void inTests
