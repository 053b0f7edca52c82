// The app the client tests call, over real HTTP and through inject: routes chained, so that
// its type has them, and two of them in a prefixed plugin.
import { Readable } from 'node:stream'
import arbor, { type ArborInstance } from '../../src/index.ts'
import { bearerAuth } from '../../src/plugins/bearer-auth/index.ts'

const user = {
  type: 'object',
  properties: { id: { type: 'string' }, name: { type: 'string' } },
  required: ['id', 'name'],
} as const

// A plugin in its own shape: it returns the chain, so `register` knows its routes.
const admin = async (app: ArborInstance) =>
  app.register(bearerAuth, { keys: ['secret'] }).get(
    '/stats',
    {
      schema: {
        response: {
          200: { type: 'object', properties: { users: { type: 'integer' } }, required: ['users'] },
        },
      } as const,
    },
    async () => ({ users: 2 }),
  )

export function buildApp() {
  return arbor()
    .get(
      '/users/:id',
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          response: { 200: user },
        } as const,
      },
      async (request) => ({ id: request.params.id, name: `user ${request.params.id}` }),
    )
    .get(
      '/search',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              tags: { type: 'array', items: { type: 'string' } },
              page: { type: 'integer' },
              exact: { type: 'boolean' },
              q: { type: 'string' },
            },
            required: ['page'],
          },
        } as const,
      },
      async (request) => request.query,
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
          headers: { type: 'object', properties: { 'x-trace': { type: 'string' } } },
          response: {
            201: {
              type: 'object',
              properties: { title: { type: 'string' }, trace: { type: 'string' } },
              required: ['title'],
            },
          },
        } as const,
      },
      async (request, reply) =>
        reply.code(201).send({ title: request.body.title, trace: request.headers['x-trace'] }),
    )
    .get('/gone/:what', async (_request, reply) => reply.callNotFound())
    .get('/boom', async () => {
      throw new Error('boom')
    })
    .get('/stream', async (_request, reply) => {
      reply.type('text/plain; charset=utf-8')
      return Readable.from(['one ', 'two ', 'three'])
    })
    .delete('/todos/:id', async (_request, reply) => reply.code(204).send())
    .register(admin, { prefix: '/admin' })
}

export type App = ReturnType<typeof buildApp>
