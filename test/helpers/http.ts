import type { AddressInfo } from 'node:net'
import type arbor from '../../src/index.ts'

/** Starts `app` listening on a free port of 127.0.0.1 and resolves with that port. */
export async function listenLocal(app: ReturnType<typeof arbor>): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

/** POSTs `body` as JSON to 127.0.0.1:`port`, resolving with the status and the body's text. */
export async function postJson(
  port: number,
  path: string,
  body: string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return { status: res.status, text: await res.text() }
}
