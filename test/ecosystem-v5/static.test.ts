// @fastify/static 10 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/static.test.ts), are in ../ecosystem/cases/static.ts.
import fastifyStatic from '@fastify/static-v5'
import { staticCases } from '../ecosystem/cases/static.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  staticCases({
    plugin: fastifyStatic,
    app: line.app,
    label: `@fastify/static 10 (${line.name})`,
    // static 10 gives its 403 for a path traversal a code (static 7: none).
    forbiddenCode: 'FST_STATIC_FORBIDDEN_PATH',
  })
}
