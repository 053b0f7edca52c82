// warmBeforeListen (default true): the first listen() of a process sends one JSON request
// through a private application before the server binds, so that the first client's request
// does not run arbor's and node:http's code for the first time (docs/performance.md). What a
// user can observe is that nothing of it reaches their application: no hook, no log line, no
// request id, no diagnostics message, no server event (which APM agents watch by wrapping
// node:http's `Server.prototype.emit`). Once per process: the tests run in order, in this
// file's own process, and the first one holds the process's first listen().
import assert from 'node:assert/strict'
import diagnostics from 'node:diagnostics_channel'
import { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'
import { listenLocal, postJson } from '../helpers/http.ts'
import { captureLogs } from '../helpers/log-capture.ts'

test('What the service does 6, warmBeforeListen: the first listen({ port }, callback) of the process shows the application nothing of its warm-up', async () => {
  const { lines, stream } = captureLogs()
  const announced: unknown[] = []
  const onInitialization = (message: unknown) => announced.push(message)
  diagnostics.subscribe('fastify.initialization', onInitialization)
  const seen: string[] = []
  // as an APM agent does: every server's events, whichever application made the server
  const emit = Server.prototype.emit
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') seen.push('server request event')
    return Reflect.apply(emit, this, [event, ...args]) as boolean
  } as typeof emit
  let app: ArborInstance | undefined
  try {
    app = arbor({ logger: { level: 'info', stream } })
    const note = (hook: string) => async (req: { method: string; url: string }) => {
      seen.push(`${hook} ${req.method} ${req.url}`)
    }
    app.addHook('onRequest', note('onRequest'))
    app.addHook('preParsing', note('preParsing'))
    app.addHook('preValidation', note('preValidation'))
    app.addHook('preHandler', note('preHandler'))
    app.addHook('onResponse', note('onResponse'))
    // the warm-up's own route is POST /:id: a route of the user's at the same path stays theirs
    app.post('/:id', async (req) => ({ id: req.id, body: req.body }))
    const listening = app
    // the spec's form: listen({ port }) with a callback, here the process's first listen()
    await new Promise<void>((resolve, reject) =>
      listening.listen({ port: 0, host: '127.0.0.1' }, (err) => (err ? reject(err) : resolve())),
    )
    const { port } = app.server.address() as AddressInfo
    assert.deepEqual(seen, [], 'no hook ran and no server saw a request before a client asked')
    assert.deepEqual(
      lines.filter((line) => line.reqId !== undefined),
      [],
      'no request was logged before a client asked anything',
    )
    assert.equal(announced.length, 1, 'fastify.initialization announced the one application')
    assert.equal((announced[0] as { fastify: unknown }).fastify, app)

    const { text } = await postJson(port, '/1?q=1', '{"name":"y"}')
    const answer = JSON.parse(text) as Record<string, unknown>
    assert.deepEqual(answer, { id: 'req-1', body: { name: 'y' } }, "the client's request is req-1")
    assert.deepEqual(seen, [
      'server request event',
      'onRequest POST /1?q=1',
      'preParsing POST /1?q=1',
      'preValidation POST /1?q=1',
      'preHandler POST /1?q=1',
      'onResponse POST /1?q=1',
    ])
  } finally {
    Server.prototype.emit = emit
    diagnostics.unsubscribe('fastify.initialization', onInitialization)
    await app?.close()
  }
})

test("warmBeforeListen: after the first, a listen() in the process shows its application only its clients' requests", async () => {
  const seen: string[] = []
  const app = arbor()
  app.addHook('onRequest', async (req) => {
    seen.push(req.url)
  })
  app.post('/:id', async (req) => req.body)
  try {
    const port = await listenLocal(app)
    assert.deepEqual(seen, [])
    assert.equal((await postJson(port, '/2', '{"a":1}')).text, '{"a":1}')
    assert.deepEqual(seen, ['/2'])
  } finally {
    await app.close()
  }
})

test('warmBeforeListen: false listens and answers as usual', async () => {
  const app = arbor({ warmBeforeListen: false })
  app.post('/:id', async (req) => req.body)
  try {
    const port = await listenLocal(app)
    assert.equal((await postJson(port, '/3', '{"b":2}')).text, '{"b":2}')
  } finally {
    await app.close()
  }
})

test('warmBeforeListen: any value but a boolean fails at start-up, naming the option', () => {
  assert.throws(
    () => arbor({ warmBeforeListen: 'yes' as never }),
    (err: Error & { code?: string }) =>
      err.code === 'FST_ERR_INIT_OPTS_INVALID' && /warmBeforeListen/.test(err.message),
  )
})
