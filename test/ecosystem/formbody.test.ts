// @fastify/formbody 7 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/formbody.test.ts), are in cases/formbody.ts.
import formbody from '@fastify/formbody'
import arbor from '../../src/index.ts'
import { formbodyCases } from './cases/formbody.ts'

formbodyCases({ plugin: formbody, app: arbor, label: '@fastify/formbody' })
