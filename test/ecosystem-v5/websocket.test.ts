// @fastify/websocket 11 (the Fastify 5 major) on arbor, in both lines; the cases, shared with
// the Fastify 4 major (test/ecosystem/websocket.test.ts), are in ../ecosystem/cases/websocket.ts.
import websocket from '@fastify/websocket-v5'
import { websocketCases } from '../ecosystem/cases/websocket.ts'
import { lines } from './lines.ts'

for (const line of lines) {
  websocketCases({
    plugin: websocket,
    app: line.app,
    label: `@fastify/websocket 11 (${line.name})`,
  })
}
