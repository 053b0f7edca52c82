// Type tests: the reply members of the server and request lifecycle (Fastify 5's additions and
// Fastify 4's deprecated names, both typed).
import arbor, { type RequestRouteOptions } from '../../src/index.ts'
import { expectType } from './expect.ts'

const app = arbor()

app.get('/typed', (request, reply) => {
  expectType<RequestRouteOptions>()(reply.routeOptions)
  expectType<number>()(reply.elapsedTime)
  expectType<number>()(reply.getResponseTime())
  expectType<Record<string, unknown>>()(reply.context.config)
  expectType<Record<string, unknown>>()(request.context.config)
  expectType<Record<string, unknown> | undefined>()(request.context.schema)
  // both redirect orders type-check
  if (request.query) return reply.redirect('/elsewhere', 301)
  return reply.redirect(302, '/elsewhere')
})

// @ts-expect-error reply.routeOptions is read-only
app.get('/ro', (request, reply) => (reply.routeOptions = request.routeOptions))
