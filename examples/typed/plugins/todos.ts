// A plugin in its own file: its routes are typed from their `as const` schemas, and it says
// which decorator it needs from the context it is registered in (`user`, from the auth plugin).
// It returns its chain of routes, so `register` adds them to the app's type under the prefix,
// for the typed client (docs/client.md); `satisfies` types its parameters and keeps that return.
import type { ArborInstanceWith, ArborPluginAsync } from '../../../src/index.ts'
import type { User } from './auth.ts'

const todo = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    done: { type: 'boolean' },
    owner: { type: 'string' },
  },
  required: ['id', 'title', 'done', 'owner'],
  additionalProperties: false,
} as const

const problem = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const

type WithUser = ArborInstanceWith<{ request: { user: User | null } }>

export const todos = (async (app, opts) => {
  const list: Array<{ id: number; title: string; done: boolean; owner: string }> = []

  return app
    .get(
      '/',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: { done: { type: 'boolean' } },
            additionalProperties: false,
          },
          response: { 200: { type: 'array', items: todo } },
        } as const,
      },
      // request.query is { done?: boolean }; the return is checked against the 200 schema
      async (request) =>
        list.filter((t) => request.query.done === undefined || t.done === request.query.done),
    )
    .post(
      '/',
      {
        schema: {
          body: {
            type: 'object',
            properties: { title: { type: 'string', minLength: 1 } },
            required: ['title'],
            additionalProperties: false,
          },
          response: { 201: todo, '4xx': problem },
        } as const,
      },
      async (request, reply) => {
        if (request.user === null) return reply.code(401).send({ message: 'sign in first' })
        if (list.length >= opts.limit) return reply.code(409).send({ message: 'list is full' })
        const created = {
          id: list.length + 1,
          title: request.body.title,
          done: false,
          owner: request.user.id,
        }
        list.push(created)
        return reply.code(201).send(created)
      },
    )
    .patch(
      '/:id',
      {
        schema: {
          params: {
            type: 'object',
            properties: { id: { type: 'integer' } },
            required: ['id'],
          },
          body: {
            type: 'object',
            properties: { done: { type: 'boolean' } },
            required: ['done'],
          },
          response: { 200: todo, 404: problem },
        } as const,
      },
      async (request, reply) => {
        const found = list.find((t) => t.id === request.params.id)
        if (found === undefined)
          return reply.code(404).send({ message: `no todo ${request.params.id}` })
        found.done = request.body.done
        return found
      },
    )
}) satisfies ArborPluginAsync<{ limit: number }, WithUser>
