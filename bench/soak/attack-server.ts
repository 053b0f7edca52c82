// One server of the attack soak: `attack-server.ts <arbor|fastify5> <requestTimeoutMs>`. arbor
// from src (run under tsx, as the plain soak does), Fastify 5 from node_modules; the same app
// (attack-app.ts) and the same options on both. Prints {"port":<n>} once listening; exits
// cleanly on SIGTERM.
import type { AddressInfo } from 'node:net'
import fastify5 from 'fastify5'
import arbor from '../../src/index.ts'
import { type AttackAppHost, attackApp } from './attack-app.ts'

const [framework, requestTimeout] = process.argv.slice(2)
if (framework !== 'arbor' && framework !== 'fastify5') {
  throw new Error(`usage: attack-server.ts <arbor|fastify5> <requestTimeoutMs>`)
}
const options = { requestTimeout: Number(requestTimeout ?? 10_000), logger: false }

interface Server {
  listen(options: { port: number; host: string }): Promise<unknown>
  close(): Promise<unknown>
  server: { address(): AddressInfo | string | null }
}

const app = (framework === 'arbor' ? arbor(options) : fastify5(options)) as unknown as Server &
  AttackAppHost
attackApp(app)

process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
})

await app.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ port: (app.server.address() as AddressInfo).port }))
