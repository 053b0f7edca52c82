// @fastify/websocket 10 (the Fastify 4 major) on arbor; the cases, shared with the Fastify 5
// major (test/ecosystem-v5/websocket.test.ts), are in cases/websocket.ts.
import websocket from '@fastify/websocket'
import arbor from '../../src/index.ts'
import { websocketCases } from './cases/websocket.ts'

websocketCases({ plugin: websocket, app: arbor, label: '@fastify/websocket' })
