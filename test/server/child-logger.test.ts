// Each request's logger, as Fastify 4.25 builds it: the child logger factory (factory
// option, setChildLoggerFactory, route option), `logSerializers` per plugin and per route,
// and the request id read from a request that has no rawHeaders.
import assert from 'node:assert/strict'
import type { IncomingMessage } from 'node:http'
import { ServerResponse } from 'node:http'
import { PassThrough } from 'node:stream'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, type ArborLogger, plugin } from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = Record<string, unknown>

describe('childLoggerFactory', () => {
  test('setChildLoggerFactory(factory): called per request with (logger, bindings, opts, rawReq), this = the instance; request.log is what it returns', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const calls: unknown[][] = []
    const marker = { ...app.log, child: () => marker } as ArborLogger
    const factory = function (
      this: ArborInstance,
      logger: ArborLogger,
      bindings: Record<string, unknown>,
      opts: object,
      rawReq: IncomingMessage,
    ) {
      calls.push([this, logger, { ...bindings }, opts, rawReq.url])
      return marker
    }
    app.setChildLoggerFactory(factory)
    assert.equal(app.childLoggerFactory, factory)
    app.get('/x', async (request) => ({ same: request.log === marker, id: request.id }))
    const res = await app.inject('/x?q=1')
    const body = res.json() as { same: boolean; id: string }
    assert.equal(body.same, true)
    assert.equal(calls.length, 1)
    const [self, logger, bindings, opts, url] = calls[0]!
    assert.equal(self, app)
    assert.equal(logger, app.log)
    assert.deepEqual(bindings, { reqId: body.id })
    assert.deepEqual(opts, {})
    assert.equal(url, '/x?q=1')
  })

  test('the factory option is the root’s factory, and its bindings reach the log lines', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({
      logger: { level: 'info', stream },
      childLoggerFactory(logger, bindings, opts, rawReq) {
        return logger.child({ ...bindings, trace: rawReq.headers['x-trace'] }, opts)
      },
    })
    t.after(() => app.close())
    app.get('/', async (request) => {
      request.log.info('inside')
      return 'ok'
    })
    await app.inject({ url: '/', headers: { 'x-trace': 't-1' } })
    const inside = lines.find((l) => l.msg === 'inside')
    assert.equal(inside?.trace, 't-1')
    assert.equal(typeof inside?.reqId, 'string')
  })

  test('the factory is encapsulated: a plugin’s applies to its routes, a wrapped plugin’s to its parent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const tagging = (tag: string) =>
      function (this: ArborInstance, logger: ArborLogger, bindings: Record<string, unknown>) {
        return Object.assign(Object.create(logger.child(bindings)), { tag }) as ArborLogger
      }
    const tagOf = (log: ArborLogger) => (log as ArborLogger & { tag?: string }).tag ?? null
    app.register(async (child) => {
      child.setChildLoggerFactory(tagging('child'))
      child.get('/child', async (request) => tagOf(request.log))
    })
    app.register(
      plugin(async (wrapped) => {
        wrapped.setChildLoggerFactory(tagging('root'))
      }),
    )
    app.get('/root', async (request) => tagOf(request.log))
    app.register(async (sibling) => {
      sibling.get('/sibling', async (request) => tagOf(request.log))
    })
    assert.equal((await app.inject('/child')).body, 'child')
    assert.equal((await app.inject('/root')).body, 'root')
    assert.equal((await app.inject('/sibling')).body, 'root')
  })

  test('a route’s childLoggerFactory option wins over the context’s, for that route only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const named = (name: string) => (logger: ArborLogger, bindings: Record<string, unknown>) =>
      Object.assign(Object.create(logger.child(bindings)), { name }) as ArborLogger
    app.setChildLoggerFactory(named('context'))
    app.get('/own', { childLoggerFactory: named('route') }, async (request) =>
      String((request.log as ArborLogger & { name: string }).name),
    )
    app.get('/other', async (request) =>
      String((request.log as ArborLogger & { name: string }).name),
    )
    assert.equal((await app.inject('/own')).body, 'route')
    assert.equal((await app.inject('/other')).body, 'context')
  })

  test('a factory that returns no logger: FST_ERR_LOG_INVALID_LOGGER, and the server keeps serving', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    t.after(() => app.close())
    app.register(async (child) => {
      child.setChildLoggerFactory(() => undefined as unknown as ArborLogger)
      child.get('/broken', async () => 'never')
    })
    app.get('/fine', async () => 'fine')
    await assert.rejects(app.inject('/broken'), { code: 'FST_ERR_LOG_INVALID_LOGGER' })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const broken = await fetch(`${address}/broken`)
    assert.equal(broken.status, 500)
    assert.equal(((await broken.json()) as { code: string }).code, 'FST_ERR_LOG_INVALID_LOGGER')
    assert.ok(
      lines.some(
        (l) => (l.err as { code?: string } | undefined)?.code === 'FST_ERR_LOG_INVALID_LOGGER',
      ),
    )
    assert.equal(await (await fetch(`${address}/fine`)).text(), 'fine')
  })

  test('on a started app, inject() throws FST_ERR_LOG_INVALID_LOGGER itself (a chain rejects); HTTP answers 500', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.setChildLoggerFactory(() => undefined as unknown as ArborLogger)
    app.get('/', async () => 'never')
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    let called = false
    assert.throws(
      () =>
        app.inject('/', () => {
          called = true
        }),
      { code: 'FST_ERR_LOG_INVALID_LOGGER' },
    )
    await assert.rejects(app.inject('/'), { code: 'FST_ERR_LOG_INVALID_LOGGER' })
    assert.equal(called, false)
    // the process keeps serving: the same failure over the network is that request's 500
    assert.equal((await fetch(address)).status, 500)
  })

  test('setChildLoggerFactory after ready: FST_ERR_INSTANCE_ALREADY_LISTENING', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.ready()
    assert.throws(() => app.setChildLoggerFactory((l) => l), {
      code: 'FST_ERR_INSTANCE_ALREADY_LISTENING',
    })
  })
})

describe('logSerializers', () => {
  function appWithLines() {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'info', stream } })
    return { app, lines }
  }
  const logTest = async (request: { log: ArborLogger }) => {
    request.log.info({ test: 'Hello' }, 'with test')
    return 'ok'
  }
  const testValues = (lines: Line[]) =>
    lines.filter((l) => l.msg === 'with test').map((l) => l.test)

  test('a plugin’s logSerializers apply to its routes’ request loggers, a nested plugin’s override its parent’s', async (t) => {
    const { app, lines } = appWithLines()
    t.after(() => app.close())
    app.get('/', logTest)
    app.register(
      async (child) => {
        child.get('/x', logTest)
        child.register(async (grandchild) => grandchild.get('/z', logTest), {
          logSerializers: { test: (v: string) => `Z${v}` },
        })
      },
      { logSerializers: { test: (v: string) => `X${v}` } },
    )
    for (const url of ['/', '/x', '/z']) await app.inject(url)
    assert.deepEqual(testValues(lines), ['Hello', 'XHello', 'ZHello'])
  })

  test('a route’s logSerializers override its plugin’s', async (t) => {
    const { app, lines } = appWithLines()
    t.after(() => app.close())
    app.register(
      async (child) => {
        child.get('/', { logSerializers: { test: (v: string) => `R${v}` } }, logTest)
      },
      { logSerializers: { test: (v: string) => `P${v}` } },
    )
    await app.inject('/')
    assert.deepEqual(testValues(lines), ['RHello'])
  })

  test('logLevel and logSerializers reach a custom factory as its opts', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const seen: unknown[] = []
    const serialize = (v: string) => v
    app.register(
      async (child) => {
        child.setChildLoggerFactory((logger, bindings, opts) => {
          seen.push(opts)
          return logger.child(bindings, opts)
        })
        child.get('/', { logLevel: 'warn' }, async () => 'ok')
      },
      { logSerializers: { test: serialize } },
    )
    await app.inject('/')
    assert.deepEqual(seen, [{ level: 'warn', serializers: { test: serialize } }])
  })
})

describe('the request id', () => {
  test('a request built without rawHeaders (by a plugin) takes its id from the request-id header', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let seen: (id: string) => void = () => {}
    const handled = new Promise<string>((resolve) => {
      seen = resolve
    })
    app.get('/', async (request) => {
      seen(request.id)
      return 'ok'
    })
    await app.ready()
    const fake = Object.assign(new PassThrough(), {
      method: 'GET',
      url: '/',
      httpVersion: '1.1',
      headers: { 'request-id': 'given-id' },
      socket: {},
    })
    fake.end()
    app.server.emit('request', fake, new ServerResponse(fake as unknown as IncomingMessage))
    assert.equal(await handled, 'given-id')
  })
})
