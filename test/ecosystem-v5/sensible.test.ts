// @fastify/sensible 6 (the Fastify 5 major) on arbor, in both lines; the cases, shared with the
// Fastify 4 major (test/ecosystem/sensible.test.ts), are in ../ecosystem/cases/sensible.ts.
import sensible from '@fastify/sensible-v5'
import { sensibleCases } from '../ecosystem/cases/sensible.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  sensibleCases({ plugin: sensible, app: line.app, label: `@fastify/sensible 6 (${line.name})` })
}
