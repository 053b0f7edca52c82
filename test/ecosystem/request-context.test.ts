// @fastify/request-context 5 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5
// major (test/ecosystem-v5/request-context.test.ts), are in cases/request-context.ts.
import { fastifyRequestContext, requestContext } from '@fastify/request-context'
import arbor from '../../src/index.ts'
import { requestContextCases, type Store } from './cases/request-context.ts'

requestContextCases({
  plugin: fastifyRequestContext,
  app: arbor,
  label: '@fastify/request-context',
  store: requestContext as unknown as Store,
})
