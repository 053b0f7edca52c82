// @fastify/request-context 7 (the Fastify 5 major) on arbor, in both lines; the cases, shared
// with the Fastify 4 major (test/ecosystem/request-context.test.ts), are in
// ../ecosystem/cases/request-context.ts.
import { fastifyRequestContext, requestContext } from '@fastify/request-context-v5'
import { requestContextCases, type Store } from '../ecosystem/cases/request-context.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  requestContextCases({
    plugin: fastifyRequestContext,
    app: line.app,
    label: `@fastify/request-context 7 (${line.name})`,
    store: requestContext as unknown as Store,
  })
}
