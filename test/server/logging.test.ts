import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = Record<string, unknown>

const byMsg = (lines: Line[], msg: string) => lines.filter((l) => l.msg === msg)

describe('request logging', () => {
  test('each request logs "incoming request" and "request completed" with reqId and responseTime', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/hello', async (request) => ({ id: request.id }))
    const res = await app.inject('/hello?x=1')
    const { id } = res.json()

    const incoming = byMsg(lines, 'incoming request')
    assert.equal(incoming.length, 1)
    const inLine = incoming[0] ?? {}
    assert.equal(inLine.level, 30)
    assert.equal(inLine.reqId, id)
    const req = inLine.req as Record<string, unknown>
    assert.equal(req.method, 'GET')
    assert.equal(req.url, '/hello?x=1')
    assert.equal(req.remoteAddress, '127.0.0.1')

    const completed = byMsg(lines, 'request completed')
    assert.equal(completed.length, 1)
    const outLine = completed[0] ?? {}
    assert.equal(outLine.level, 30)
    assert.equal(outLine.reqId, id)
    assert.deepEqual(outLine.res, { statusCode: 200 })
    assert.equal(typeof outLine.responseTime, 'number')
    assert.ok(Number(outLine.responseTime) >= 0)
    assert.ok(lines.indexOf(inLine) < lines.indexOf(outLine))
  })

  test('over real HTTP the lines carry the client address and port', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/', async () => 'ok')
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    await (await fetch(`${address}/`)).text()
    const inLine = byMsg(lines, 'incoming request')[0] ?? {}
    const req = inLine.req as Record<string, unknown>
    assert.equal(req.method, 'GET')
    assert.equal(req.url, '/')
    assert.equal(req.remoteAddress, '127.0.0.1')
    assert.equal(typeof req.remotePort, 'number')
    const outLine = byMsg(lines, 'request completed')[0] ?? {}
    assert.equal(outLine.reqId, inLine.reqId)
    assert.deepEqual(outLine.res, { statusCode: 200 })
  })

  test('a 404 and a 500 are logged with their status codes', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/boom', async () => {
      throw new Error('boom')
    })
    await app.inject('/nope')
    await app.inject('/boom')
    const completed = byMsg(lines, 'request completed').map((l) => l.res)
    assert.deepEqual(completed, [{ statusCode: 404 }, { statusCode: 500 }])
  })

  test('disableRequestLogging: no request lines, request.log still works', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream }, disableRequestLogging: true })
    t.after(() => app.close())
    app.get('/', async (request) => {
      request.log.info('mine')
      return 'ok'
    })
    await app.inject('/')
    await app.inject('/nope')
    assert.deepEqual(byMsg(lines, 'incoming request'), [])
    assert.deepEqual(byMsg(lines, 'request completed'), [])
    assert.equal(byMsg(lines, 'mine').length, 1)
  })

  test('a route logLevel above info silences its request lines but keeps warnings', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.get('/quiet', { logLevel: 'warn' }, async (request) => {
      request.log.info('quiet info')
      request.log.warn('quiet warn')
      return 'ok'
    })
    app.get('/loud', async () => 'ok')
    await app.inject('/quiet')
    assert.deepEqual(byMsg(lines, 'incoming request'), [])
    assert.deepEqual(byMsg(lines, 'quiet info'), [])
    assert.equal(byMsg(lines, 'quiet warn').length, 1)
    await app.inject('/loud')
    assert.equal(byMsg(lines, 'incoming request').length, 1)
  })

  test('app.log writes at the root, without a request id', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.log.info({ k: 'v' }, 'root message')
    const line = byMsg(lines, 'root message')[0]
    assert.ok(line)
    assert.equal(line.k, 'v')
    assert.equal('reqId' in line, false)
  })
})

describe('request ids', () => {
  test('genReqId builds the id from the raw request', async (t) => {
    const { lines, stream } = captureLogs()
    let n = 0
    const app = arbor({
      logger: { level: 'info', stream },
      genReqId: (req) => `custom-${req.method}-${++n}`,
    })
    t.after(() => app.close())
    app.get('/', async (request) => ({ id: request.id }))
    assert.deepEqual((await app.inject('/')).json(), { id: 'custom-GET-1' })
    assert.deepEqual((await app.inject('/')).json(), { id: 'custom-GET-2' })
    assert.deepEqual(
      byMsg(lines, 'request completed').map((l) => l.reqId),
      ['custom-GET-1', 'custom-GET-2'],
    )
  })

  test('requestIdHeader: the id is taken from that header when present', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream }, requestIdHeader: 'x-request-id' })
    t.after(() => app.close())
    app.get('/', async (request) => ({ id: request.id }))
    const withHeader = await app.inject({ url: '/', headers: { 'x-request-id': 'abc-123' } })
    assert.deepEqual(withHeader.json(), { id: 'abc-123' })
    assert.equal(byMsg(lines, 'incoming request')[0]?.reqId, 'abc-123')
    const without = await app.inject('/')
    assert.equal(typeof without.json().id, 'string')
    assert.notEqual(without.json().id, 'abc-123')
  })

  test('requestIdHeader with genReqId: the header wins, genReqId is the fallback', async (t) => {
    const app = arbor({ requestIdHeader: 'x-trace', genReqId: () => 'generated' })
    t.after(() => app.close())
    app.get('/', async (request) => ({ id: request.id }))
    assert.deepEqual((await app.inject({ url: '/', headers: { 'x-trace': 't1' } })).json(), {
      id: 't1',
    })
    assert.deepEqual((await app.inject('/')).json(), { id: 'generated' })
  })

  test('requestIdHeader over real HTTP', async (t) => {
    const app = arbor({ requestIdHeader: 'x-request-id' })
    t.after(() => app.close())
    app.get('/', async (request) => ({ id: request.id }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(address, { headers: { 'x-request-id': 'over-http' } })
    assert.deepEqual(await res.json(), { id: 'over-http' })
  })

  test('requestIdHeader: false ignores request-id headers', async (t) => {
    const app = arbor({ requestIdHeader: false, genReqId: () => 'own' })
    t.after(() => app.close())
    app.get('/', async (request) => ({ id: request.id }))
    const res = await app.inject({ url: '/', headers: { 'request-id': 'nope' } })
    assert.deepEqual(res.json(), { id: 'own' })
  })

  test('requestIdLogLabel renames the id key in log lines', async (t) => {
    const { lines, stream } = captureLogs()
    const app = arbor({ logger: { level: 'info', stream }, requestIdLogLabel: 'traceId' })
    t.after(() => app.close())
    app.get('/', async (request) => {
      request.log.info('inside')
      return { id: request.id }
    })
    const { id } = (await app.inject('/')).json()
    for (const msg of ['incoming request', 'inside', 'request completed']) {
      const line = byMsg(lines, msg)[0]
      assert.ok(line, msg)
      assert.equal(line.traceId, id)
      assert.equal('reqId' in line, false)
    }
  })
})
