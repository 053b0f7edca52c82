// @fastify/under-pressure 9 (the Fastify 5 major) on arbor, in both lines; the cases, shared
// with the Fastify 4 major (test/ecosystem/under-pressure.test.ts), are in
// ../ecosystem/cases/under-pressure.ts.
import underPressure from '@fastify/under-pressure-v5'
import { underPressureCases } from '../ecosystem/cases/under-pressure.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  underPressureCases({
    plugin: underPressure,
    app: line.app,
    label: `@fastify/under-pressure 9 (${line.name})`,
  })
}
