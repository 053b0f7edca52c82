// Line table row `requestLogHostKey` (docs/fastify-lines.md): the default `req` serializer
// logs the Host header as `hostname` in the Fastify 4 line and as `host` in the Fastify 5 line,
// each with its port, as the two Fastify lines do; `version` (Accept-Version) is in both.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

const requestLine = async (fastifyLine: 4 | 5) => {
  const { lines, stream } = captureLogs<{ msg: string; req?: Record<string, unknown> }>()
  const app = arbor({ fastifyLine, logger: { level: 'info', stream } })
  app.get('/', async () => 'ok')
  await app.inject({
    url: '/?a=1',
    headers: { host: 'example.com:8080', 'accept-version': '2.x' },
  })
  await app.close()
  return lines.find((l) => l.msg === 'incoming request')!.req
}

test('requestLogHostKey, Fastify 4 line: the request line has hostname, with the port', async () => {
  assert.deepEqual(await requestLine(4), {
    method: 'GET',
    url: '/?a=1',
    version: '2.x',
    hostname: 'example.com:8080',
    remoteAddress: '127.0.0.1',
  })
})

test('requestLogHostKey, Fastify 5 line: the request line has host, with the port', async () => {
  assert.deepEqual(await requestLine(5), {
    method: 'GET',
    url: '/?a=1',
    version: '2.x',
    host: 'example.com:8080',
    remoteAddress: '127.0.0.1',
  })
})
