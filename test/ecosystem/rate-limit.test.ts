// @fastify/rate-limit 9 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5
// major (test/ecosystem-v5/rate-limit.test.ts), are in cases/rate-limit.ts.
import rateLimit from '@fastify/rate-limit'
import arbor from '../../src/index.ts'
import { rateLimitCases } from './cases/rate-limit.ts'

rateLimitCases({ plugin: rateLimit, app: arbor, label: '@fastify/rate-limit' })
