// @fastify/rate-limit 11 (the Fastify 5 major) on arbor, in both lines; the cases, shared with
// the Fastify 4 major (test/ecosystem/rate-limit.test.ts), are in ../ecosystem/cases/rate-limit.ts.
import rateLimit from '@fastify/rate-limit-v5'
import { rateLimitCases } from '../ecosystem/cases/rate-limit.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  rateLimitCases({
    plugin: rateLimit,
    app: line.app,
    label: `@fastify/rate-limit 11 (${line.name})`,
  })
}
