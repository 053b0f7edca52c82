// A method node:http does not know (HTTP/2 carries any token) gets Fastify's router-fallback
// 404, in both lines: no request hooks, no not-found handler.
import assert from 'node:assert/strict'
import { connect } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

function request(port: number, method: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const client = connect(`http://127.0.0.1:${port}`)
    client.on('error', reject)
    const stream = client.request({ ':method': method, ':path': '/' })
    let status = 0
    let body = ''
    stream.on('response', (headers) => {
      status = Number(headers[':status'])
    })
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      body += chunk
    })
    stream.on('end', () => {
      client.close()
      resolve({ status, body })
    })
    stream.on('error', reject)
    stream.end()
  })
}

for (const line of [4, 5] as const) {
  test(`an unknown HTTP/2 method gets 404 FST_ERR_NOT_FOUND, not the not-found handler (line ${line})`, async (t) => {
    const app = arbor({ http2: true, fastifyLine: line })
    t.after(() => app.close())
    const calls: string[] = []
    app.addHook('onRequest', async () => {
      calls.push('onRequest')
    })
    app.setNotFoundHandler(async () => {
      calls.push('notFound')
      return 'custom 404'
    })
    app.get('/', async () => 'home')
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const res = await request(port, 'UNKNOWN_METHOD')
    assert.equal(res.status, 404)
    assert.deepEqual(JSON.parse(res.body), {
      statusCode: 404,
      code: 'FST_ERR_NOT_FOUND',
      error: 'Not Found',
      message: 'Not Found',
    })
    assert.deepEqual(calls, [])
    // a known method the app does not route still reaches the not-found handler
    const known = await request(port, 'PURGE')
    assert.equal(known.body, 'custom 404')
  })
}

test('an unknown HTTP/2 method: disableRequestLogging as a function decides its incoming request line', async (t) => {
  const lines: Array<{ msg?: string }> = []
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) }
  const asked: string[] = []
  const app = arbor({
    http2: true,
    logger: { level: 'info', stream },
    disableRequestLogging: (request) => {
      asked.push(request.raw.method ?? '')
      return false
    },
  })
  t.after(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const res = await request(port, 'UNKNOWN_METHOD')
  assert.equal(res.status, 404)
  assert.ok(asked.includes('UNKNOWN_METHOD'), 'the function is asked for this request')
  assert.ok(lines.some((l) => l.msg === 'incoming request'))
})
