import type { AddressInfo } from 'node:net'
import type arbor from '../../src/index.ts'

/** Starts `app` listening on a free port of 127.0.0.1 and resolves with that port. */
export async function listenLocal(app: ReturnType<typeof arbor>): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}
