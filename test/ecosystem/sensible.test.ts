// @fastify/sensible 5 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/sensible.test.ts), are in cases/sensible.ts.
import sensible from '@fastify/sensible'
import arbor from '../../src/index.ts'
import { sensibleCases } from './cases/sensible.ts'

sensibleCases({ plugin: sensible, app: arbor, label: '@fastify/sensible' })
