// The write path follows what node actually sent, not a flag a plugin can redefine, and never
// leaves a response open. @fastify/express 4 shadows `reply.raw.headersSent` with a getter that
// turns true when its `res.send` runs, before anything was written, then calls `reply.send`:
// an after-head branch taken on that flag dropped the body and never ended the response. Each
// case goes over real HTTP on 127.0.0.1 with a bounded fetch, so a response left open fails.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type App = ReturnType<typeof arbor>

// A plugin taking over reply.raw as @fastify/express does: its own `send` on the raw response,
// and `headersSent` made to report that send, whatever node did.
function takeOverRaw(app: App): void {
  app.addHook('onRequest', (_request, reply, done) => {
    let sentThroughRaw = false
    const raw = reply.raw as typeof reply.raw & { send(payload: unknown): void }
    raw.send = (payload: unknown) => {
      sentThroughRaw = true
      reply.send(payload)
    }
    Object.defineProperty(raw, 'headersSent', { get: () => sentThroughRaw, configurable: true })
    done()
  })
}

async function get(address: string, path: string): Promise<Response> {
  return fetch(`${address}${path}`, { signal: AbortSignal.timeout(3000) })
}

test('a plugin that redefines headersSent: string and JSON bodies are answered in full', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  takeOverRaw(app)
  app.get('/text', (_request, reply) => {
    ;(reply.raw as unknown as { send(p: unknown): void }).send('hello')
  })
  app.get('/json', (_request, reply) => {
    ;(reply.raw as unknown as { send(p: unknown): void }).send({ hello: 'world' })
  })
  app.get('/header-first', (_request, reply) => {
    reply.header('x-set', 'by the route')
    ;(reply.raw as unknown as { send(p: unknown): void }).send(Buffer.from('bytes'))
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  const text = await get(address, '/text')
  assert.equal(text.status, 200)
  assert.equal(text.headers.get('content-type'), 'text/plain; charset=utf-8')
  assert.equal(await text.text(), 'hello')

  const json = await get(address, '/json')
  assert.equal(json.headers.get('content-type'), 'application/json; charset=utf-8')
  assert.deepEqual(await json.json(), { hello: 'world' })

  const bytes = await get(address, '/header-first')
  assert.equal(bytes.headers.get('x-set'), 'by the route')
  assert.equal(bytes.headers.get('content-length'), '5')
  assert.equal(await bytes.text(), 'bytes')
})

test('a plugin that redefines headersSent: an async handler and an error are answered too', async (t) => {
  const app = arbor()
  t.after(() => app.close())
  takeOverRaw(app)
  app.get('/async', async (_request, reply) => {
    ;(reply.raw as unknown as { send(p: unknown): void }).send('from raw')
    return reply
  })
  app.get('/fails', async () => {
    throw Object.assign(new Error('nope'), { statusCode: 409 })
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  assert.equal(await (await get(address, '/async')).text(), 'from raw')
  const failed = await get(address, '/fails')
  assert.equal(failed.status, 409)
  assert.equal(((await failed.json()) as { message: string }).message, 'nope')
})

test('the head written on reply.raw without hijack: the body ends the response, with a warning', async (t) => {
  const logs = captureLogs<{ level: number; msg: string }>()
  const app = arbor({ logger: { level: 'warn', stream: logs.stream } })
  t.after(() => app.close())
  app.get('/partial', async (_request, reply) => {
    reply.raw.writeHead(202, { 'x-raw': 'yes' })
    reply.raw.write('partial;')
    return 'rest'
  })
  app.get('/empty', (_request, reply) => {
    reply.raw.writeHead(200)
    reply.send()
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const partial = await get(address, '/partial')
  assert.equal(partial.status, 202)
  assert.equal(partial.headers.get('x-raw'), 'yes')
  assert.equal(await partial.text(), 'partial;rest')
  assert.equal(await (await get(address, '/empty')).text(), '')
  const warnings = logs.lines.filter((line) => line.level === 40).map((line) => line.msg)
  assert.equal(warnings.length, 2)
  assert.match(
    warnings[0]!,
    /Reply was already sent, did you forget to "return reply" in the "\/partial" \(GET\) route\?/,
  )
})

test('the head written on reply.raw, then an error: the connection is cut, not left open', async (t) => {
  const app = arbor({ logger: false })
  t.after(() => app.close())
  app.get('/', async (_request, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'text/plain' })
    reply.raw.write('half an answer')
    throw new Error('failed after the head')
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const res = await get(address, '/')
  assert.equal(res.status, 200)
  // the client learns the answer is broken; a response left open would time out instead
  await assert.rejects(res.text(), (err: Error) => err.name !== 'TimeoutError')
})

test('a content type set on reply.raw decides the payload as in Fastify: JSON serialized, text kept', async () => {
  const app = arbor()
  app.get('/json', (_request, reply) => {
    reply.raw.setHeader('content-type', 'application/json')
    reply.send({ a: 1 })
  })
  app.get('/html', (_request, reply) => {
    reply.raw.setHeader('content-type', 'text/html')
    reply.send('<b>bold</b>')
  })
  app.get('/png', (_request, reply) => {
    reply.raw.setHeader('content-type', 'image/png')
    reply.send({ not: 'an image' })
  })
  const json = await app.inject('/json')
  assert.equal(json.headers['content-type'], 'application/json; charset=utf-8')
  assert.equal(json.body, '{"a":1}')
  const html = await app.inject('/html')
  assert.equal(html.headers['content-type'], 'text/html')
  assert.equal(html.body, '<b>bold</b>')
  const png = await app.inject('/png')
  assert.equal(png.statusCode, 500)
  assert.equal(png.json().code, 'FST_ERR_REP_INVALID_PAYLOAD_TYPE')
})
