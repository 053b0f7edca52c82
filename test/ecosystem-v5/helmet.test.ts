// @fastify/helmet 13 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/helmet.test.ts), are in ../ecosystem/cases/helmet.ts.
import helmet from '@fastify/helmet-v5'
import { helmetCases } from '../ecosystem/cases/helmet.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  helmetCases({
    plugin: helmet,
    app: line.app,
    label: `@fastify/helmet 13 (${line.name})`,
    // helmet 13 (helmet 8) raised Strict-Transport-Security to max-age=31536000 (one year).
    hstsMaxAge: 31_536_000,
  })
}
