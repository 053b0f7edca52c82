// @fastify/under-pressure 8 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5
// major (test/ecosystem-v5/under-pressure.test.ts), are in cases/under-pressure.ts.
import underPressure from '@fastify/under-pressure'
import arbor from '../../src/index.ts'
import { underPressureCases } from './cases/under-pressure.ts'

underPressureCases({ plugin: underPressure, app: arbor, label: '@fastify/under-pressure' })
