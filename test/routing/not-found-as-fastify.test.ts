import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'
import { captureLogs } from '../helpers/log-capture.ts'

type Line = { level: number; msg: string; reqId?: string }

describe('the default 404, as Fastify 4.25 answers it', () => {
  test('logs `Route <METHOD>:<url> not found` at info, between the two request lines', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({ logger: { level: 'trace', stream } })
    t.after(() => app.close())
    app.get('/', async () => 'home')
    const res = await app.inject('/not-found?x=1')
    assert.equal(res.statusCode, 404)
    assert.deepEqual(
      lines.map((l) => [l.level, l.msg]),
      [
        [30, 'incoming request'],
        [30, 'Route GET:/not-found?x=1 not found'],
        [30, 'request completed'],
      ],
    )
    assert.equal(lines[1]?.reqId, lines[0]?.reqId)
  })

  test('reply.callNotFound() returns the reply', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let returned: unknown
    app.get('/', (_request, reply) => {
      returned = reply.callNotFound()
      assert.equal(returned, reply)
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 404)
  })

  test('a second not-found handler on one prefix: Fastify’s message, naming the prefix', async (t) => {
    const root = arbor()
    root.setNotFoundHandler(async () => 'one')
    assert.throws(() => root.setNotFoundHandler(async () => 'two'), {
      code: 'FST_ERR_NOT_FOUND_HANDLER_ALREADY_SET',
      message: "Not found handler already set for Fastify instance with prefix: '/'",
    })
    const app = arbor()
    t.after(() => app.close())
    let thrown: Error | undefined
    app.register(
      async (child) => {
        child.setNotFoundHandler(async () => 'one')
        try {
          child.setNotFoundHandler(async () => 'two')
        } catch (err) {
          thrown = err as Error
        }
      },
      { prefix: '/prefix' },
    )
    await app.ready()
    assert.equal(
      thrown?.message,
      "Not found handler already set for Fastify instance with prefix: '/prefix'",
    )
  })
})

describe('a malformed url (FST_ERR_BAD_URL)', () => {
  test('without frameworkErrors: answered 400 at once, before any hook runs', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let hooks = 0
    app.addHook('onRequest', async () => {
      hooks++
    })
    app.get('/users/:id', async () => 'never')
    const res = await app.inject('/users/%zz')
    assert.equal(res.statusCode, 400)
    assert.equal(res.headers['content-type'], 'application/json')
    assert.equal(
      res.body,
      '{"error":"Bad Request","code":"FST_ERR_BAD_URL","message":"\'/users/%zz\' is not a valid url component","statusCode":400}',
    )
    assert.equal(hooks, 0)
  })

  test('frameworkErrors(error, request, reply) gets FST_ERR_BAD_URL and answers', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const seen: unknown[] = []
    const app = arbor({
      logger: { level: 'info', stream },
      genReqId: () => 'REQ-1',
      frameworkErrors(error, request, reply) {
        seen.push((error as Error & { code: string }).code, request.id, typeof request.raw.url)
        reply.send(`${error.message} - ${(error as Error & { code: string }).code}`)
      },
    })
    t.after(() => app.close())
    app.get('/test/:id', async () => 'never')
    const res = await app.inject('/test/%world')
    assert.equal(res.body, "'/test/%world' is not a valid url component - FST_ERR_BAD_URL")
    assert.deepEqual(seen, ['FST_ERR_BAD_URL', 'REQ-1', 'string'])
    assert.deepEqual(
      lines.map((l) => [l.msg, l.reqId]),
      [['incoming request', 'REQ-1']],
    )
  })

  test('frameworkErrors: disableRequestLogging leaves no log line', async (t) => {
    const { lines, stream } = captureLogs<Line>()
    const app = arbor({
      logger: { level: 'info', stream },
      disableRequestLogging: true,
      frameworkErrors(error, _request, reply) {
        reply.send(error.message)
      },
    })
    t.after(() => app.close())
    app.get('/test/:id', async () => 'never')
    await app.inject('/test/%world')
    assert.deepEqual(lines, [])
  })

  test('frameworkErrors: the request matched no route, so it has no route url, method or config', async (t) => {
    const seen: unknown[] = []
    const app = arbor({
      frameworkErrors(error, request, reply) {
        const { url, method, config } = request.routeOptions
        seen.push(url, method, config, request.routerPath, request.routerMethod)
        reply.send(error.message)
      },
    })
    t.after(() => app.close())
    app.get('/test/:id', async (request) => [request.routeOptions.url, request.routerPath])
    assert.equal((await app.inject('/test/%world')).statusCode, 200)
    assert.deepEqual(seen, [undefined, undefined, {}, undefined, undefined])
    // A routed request still has them.
    assert.equal((await app.inject('/test/1')).body, '["/test/:id","/test/:id"]')
  })

  test('frameworkErrors may call reply.callNotFound(): a plain 404 answers', async (t) => {
    const app = arbor({
      frameworkErrors: (_error, _request, reply) => reply.callNotFound(),
    })
    t.after(() => app.close())
    app.get('/hello/:id', async () => 'never')
    const res = await app.inject('/hello/%world')
    assert.equal(res.statusCode, 404)
    assert.equal(res.body, '404 Not Found')
  })
})

describe('plugin meta decorators: Fastify’s FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE text', () => {
  for (const [kind, where] of [
    ['fastify', 'Fastify'],
    ['request', 'Request'],
    ['reply', 'Reply'],
  ] as const) {
    test(`a missing ${kind} decorator: "The decorator 'x' required by 'name' is not present in ${where}"`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(plugin(async () => {}, { name: 'the-plugin', decorators: { [kind]: ['x'] } }))
      await assert.rejects(app.ready(), {
        code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE',
        message: `The decorator 'x' required by 'the-plugin' is not present in ${where}`,
      })
    })
  }
})
