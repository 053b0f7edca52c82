// The typed app of docs/typescript.md and the README: schemas written `as const` type every
// route, decorators are typed along the chain that adds them, and a plugin in its own file is
// typed the same way, with no type provider and no declaration merging.
import arbor, { type ArborOptions } from '../../src/index.ts'
import { auth } from './plugins/auth.ts'
import { notes } from './plugins/notes.ts'
import { todos } from './plugins/todos.ts'

export function buildApp(options: ArborOptions = {}) {
  const app = arbor(options)

  // register(auth) returns the app typed with what auth added: findUser, request.user
  const authed = app.register(auth)

  // Chained, so that the type returned has every route: the typed client reads it (client.ts)
  return (
    authed
      .get(
        '/me',
        {
          schema: {
            response: {
              200: {
                type: 'object',
                properties: { id: { type: 'string' }, admin: { type: 'boolean' } },
                required: ['id', 'admin'],
              },
              401: {
                type: 'object',
                properties: { message: { type: 'string' } },
                required: ['message'],
              },
            },
          } as const,
        },
        async (request, reply) =>
          request.user ?? reply.code(401).send({ message: 'sign in first' }),
      )
      // todos needs request.user: registering it on `app` instead of `authed` does not compile
      .register(todos, { prefix: '/todos', limit: 100 })
      // schemas written in zod (Standard Schema): typed and validated with no provider
      .register(notes, { prefix: '/notes' })
  )
}

/** The app's type, routes included: what `client<App>()` is given. */
export type App = ReturnType<typeof buildApp>
