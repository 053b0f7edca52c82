// @fastify/env 7 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/env.test.ts), are in ../ecosystem/cases/env.ts.
import env from '@fastify/env-v5'
import { envCases } from '../ecosystem/cases/env.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  envCases({ plugin: env, app: line.app, label: `@fastify/env 7 (${line.name})` })
}
