// @fastify/accepts 4 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/accepts.test.ts), are in cases/accepts.ts.
import accepts from '@fastify/accepts'
import arbor from '../../src/index.ts'
import { acceptsCases } from './cases/accepts.ts'

acceptsCases({ plugin: accepts, app: arbor, label: '@fastify/accepts' })
