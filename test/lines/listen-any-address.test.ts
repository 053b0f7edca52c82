// Line table row `resolveAnyAddress` (docs/fastify-lines.md): listen({ host: '0.0.0.0' })
// resolves `http://0.0.0.0:port` in the Fastify 4 line; in the Fastify 5 line it resolves the
// first IPv4 interface's address, internal ones first, and logs a line for every interface.
import assert from 'node:assert/strict'
import { networkInterfaces } from 'node:os'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

const ipv4 = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .filter((entry) => entry.family === 'IPv4')

test("resolveAnyAddress, Fastify 4 line: listen on 0.0.0.0 resolves 'http://0.0.0.0:port'", async (t) => {
  const app = arbor({ fastifyLine: 4 })
  t.after(() => app.close())
  const address = await app.listen({ port: 0, host: '0.0.0.0' })
  assert.equal(address, `http://0.0.0.0:${app.addresses()[0]!.port}`)
})

test('resolveAnyAddress, Fastify 5 line: listen on 0.0.0.0 resolves an internal interface and logs each', async (t) => {
  const { lines, stream } = captureLogs<{ msg: string }>()
  const app = arbor({ fastifyLine: 5, logger: { level: 'info', stream } })
  t.after(() => app.close())
  const address = await app.listen({ port: 0, host: '0.0.0.0' })
  const port = app.addresses()[0]!.port
  const url = new URL(address)
  assert.equal(Number(url.port), port)
  assert.ok(
    ipv4.some((entry) => entry.internal && entry.address === url.hostname),
    `${url.hostname} is an internal IPv4 interface`,
  )
  assert.deepEqual(app.addresses(), [{ address: '0.0.0.0', family: 'IPv4', port }])
  assert.deepEqual(
    lines.map((l) => l.msg).sort(),
    ipv4.map((entry) => `Server listening at http://${entry.address}:${port}`).sort(),
  )
})

test('resolveAnyAddress: a concrete host resolves itself in both lines', async (t) => {
  for (const fastifyLine of [4, 5] as const) {
    const app = arbor({ fastifyLine })
    t.after(() => app.close())
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    assert.equal(address, `http://127.0.0.1:${app.addresses()[0]!.port}`)
  }
})
