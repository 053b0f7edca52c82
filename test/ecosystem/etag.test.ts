// @fastify/etag 5 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5 major
// (test/ecosystem-v5/etag.test.ts), are in cases/etag.ts.
import etag from '@fastify/etag'
import arbor from '../../src/index.ts'
import { etagCases } from './cases/etag.ts'

etagCases({ plugin: etag, app: arbor, label: '@fastify/etag' })
