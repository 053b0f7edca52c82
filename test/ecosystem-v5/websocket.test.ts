// @fastify/websocket 11 (the Fastify 5 major) on arbor, in both lines: a GET route with
// { websocket: true } reached through the app's router (hooks included) from the server's
// 'upgrade' event, app.injectWS, and the connections closed by app.close().
import assert from 'node:assert/strict'
import type { EventEmitter } from 'node:events'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { test } from 'node:test'
import websocket from '@fastify/websocket-v5'
import { listenLocal } from '../helpers/http.ts'
import { lines } from './lines.ts'

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

for (const line of lines) {
  async function build() {
    const app = line.app()
    await app.register(websocket)
    // A hook sees the upgrade as a request and can refuse it.
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

  // Sockets are terminated rather than closed: ws's close handshake over injectWS's in-memory
  // streams waits 30 s for the stream to end, on Fastify as on arbor.
  test(`@fastify/websocket 11 (${line.name}): injectWS echoes, a hook refuses, plain routes answer`, {
    timeout: 10_000, // a hang guard only
  }, async (t) => {
    const app = await build()
    let socket: Socket | undefined
    t.after(async () => {
      socket?.terminate()
      await app.close()
    })
    assert.deepEqual((await app.inject({ url: '/plain' })).json(), { http: true })
    assert.equal((await app.inject({ url: '/echo' })).statusCode, 404)
    socket = await (app as unknown as WebsocketApp).injectWS('/echo')
    const reply = once(socket, 'message')
    socket.send('hello')
    const [data] = (await reply) as [Buffer]
    assert.equal(data.toString(), 'echo: hello')
    await assert.rejects(
      (app as unknown as WebsocketApp).injectWS('/echo', { headers: { 'x-deny': '1' } }),
      /Unexpected server response: 401/,
    )
  })

  test(`@fastify/websocket 11 (${line.name}): over HTTP a ws client echoes, a child route sees its context`, {
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
    const info = new WebSocket(`ws://127.0.0.1:${port}/ws/info/lobby`)
    t.after(() => info.terminate())
    const [room] = (await once(info, 'message')) as [Buffer]
    assert.deepEqual(JSON.parse(room.toString()), {
      where: 'child context',
      ws: true,
      room: 'lobby',
    })
  })

  test(`@fastify/websocket 11 (${line.name}): over HTTP a refused or unknown upgrade gets its status`, {
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

  test(`@fastify/websocket 11 (${line.name}): app.close() closes the open connections`, {
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
