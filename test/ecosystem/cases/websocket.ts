// @fastify/websocket cases shared by its Fastify 4 major (10) and its Fastify 5 major (11): the
// plugin listens to app.server's 'upgrade' event and sends each upgrade through
// app.routing(req, res), so a GET route with { websocket: true } is reached through the app's
// router, hooks included; the route handler hijacks the reply and hands the socket over.
// app.injectWS opens a connection without a socket.
import assert from 'node:assert/strict'
import type { EventEmitter } from 'node:events'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

// The plugin's types come from `ws` and FastifyInstance; these narrow views are what the test
// uses of them (`ws` ships no types of its own).
interface Socket extends EventEmitter {
  send(data: string): void
  terminate(): void
}
type WebsocketApp = { injectWS(path: string, context?: object): Promise<Socket> }
const WebSocket = createRequire(import.meta.url)('ws') as new (
  url: string,
  options?: { headers?: Record<string, string> },
) => Socket

export function websocketCases({ plugin, app: makeApp, label }: PluginCase): void {
  async function build() {
    const app = makeApp()
    await app.register(plugin)
    // A hook sees the upgrade as a request (request.ws is the plugin's) and can refuse it.
    app.addHook('preValidation', async (request, reply) => {
      if (request.headers['x-deny'] !== undefined) await reply.code(401).send({ denied: true })
    })
    // `websocket: true` is a route option the plugin adds to Fastify's types, and the handler
    // takes (socket, request): neither is in arbor's route types.
    app.get(
      '/echo',
      { websocket: true } as Record<string, unknown>,
      ((socket: Socket) => {
        socket.on('message', (data: Buffer) => socket.send(`echo: ${data.toString()}`))
      }) as never,
    )
    await app.register(
      async (child) => {
        child.decorateRequest('where', 'child context')
        child.get(
          '/info/:room',
          { websocket: true } as Record<string, unknown>,
          ((socket: Socket, request: { where: string; ws: boolean; params: { room: string } }) => {
            socket.send(JSON.stringify({ where: request.where, ws: request.ws, ...request.params }))
          }) as never,
        )
      },
      { prefix: '/ws' },
    )
    app.get('/plain', async () => ({ http: true }))
    await app.ready()
    return app
  }

  test(`${label}: plain HTTP routes of the app keep working beside it`, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const res = await app.inject({ method: 'GET', url: '/plain' })
    assert.deepEqual(res.json(), { http: true })
    const ws = await app.inject({ method: 'GET', url: '/echo' })
    assert.equal(ws.statusCode, 404, 'a websocket route answers plain HTTP with 404')
  })

  // Sockets are terminated rather than closed: ws's close handshake over injectWS's in-memory
  // streams waits 30 s for the stream to end, on Fastify as on arbor.
  test(`${label}: a websocket route echoes messages through app.injectWS`, {
    timeout: 10_000, // a hang guard only
  }, async (t) => {
    const app = await build()
    let socket: Socket | undefined
    t.after(async () => {
      socket?.terminate()
      await app.close()
    })
    socket = await (app as unknown as WebsocketApp).injectWS('/echo')
    const reply = once(socket, 'message')
    socket.send('hello')
    const [data] = (await reply) as [Buffer]
    assert.equal(data.toString(), 'echo: hello')
  })

  test(`${label}: injectWS is refused with the status a hook replies with`, {
    timeout: 10_000, // a hang guard only
  }, async (t) => {
    const app = await build()
    t.after(() => app.close())
    await assert.rejects(
      (app as unknown as WebsocketApp).injectWS('/echo', { headers: { 'x-deny': '1' } }),
      /Unexpected server response: 401/,
    )
  })

  test(`${label}: over real HTTP, a ws client echoes through a route of the app`, {
    timeout: 10_000, // a hang guard only
  }, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const client = new WebSocket(`ws://127.0.0.1:${port}/echo`)
    t.after(() => client.terminate())
    await once(client, 'open')
    client.send('over the wire')
    const [data] = (await once(client, 'message')) as [Buffer]
    assert.equal(data.toString(), 'echo: over the wire')
  })

  test(`${label}: over real HTTP, a child context's route sees its prefix, params and decorators`, {
    timeout: 10_000, // a hang guard only
  }, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const client = new WebSocket(`ws://127.0.0.1:${port}/ws/info/lobby`)
    t.after(() => client.terminate())
    const [data] = (await once(client, 'message')) as [Buffer]
    assert.deepEqual(JSON.parse(data.toString()), {
      where: 'child context',
      ws: true,
      room: 'lobby',
    })
  })

  test(`${label}: over real HTTP, a refused or unknown upgrade gets its HTTP status`, {
    timeout: 10_000, // a hang guard only
  }, async (t) => {
    const app = await build()
    t.after(() => app.close())
    const port = await listenLocal(app)
    const statusOf = (path: string, headers: Record<string, string> = {}) =>
      new Promise<string>((resolve) => {
        const client = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers })
        client.on('open', () => {
          client.terminate()
          resolve('open')
        })
        client.on('error', (err: Error) => resolve(err.message))
      })
    assert.equal(await statusOf('/echo', { 'x-deny': '1' }), 'Unexpected server response: 401')
    assert.equal(await statusOf('/nowhere'), 'Unexpected server response: 404')
  })

  test(`${label}: app.close() closes the open connections`, {
    timeout: 10_000, // a hang guard only
  }, async () => {
    const app = await build()
    const port = await listenLocal(app)
    const client = new WebSocket(`ws://127.0.0.1:${port}/echo`)
    await once(client, 'open')
    const closed = once(client, 'close')
    await app.close()
    const [code] = (await closed) as [number]
    // The plugin's preClose calls close() without a code: 1005, no status received.
    assert.equal(code, 1005)
  })
}
