// An HTTP upgrade handed to instance.routing(): what a websocket plugin builds on. Node's server
// emits 'upgrade' instead of 'request'; a listener on app.server (added before listen) wraps
// the socket in a ServerResponse and routes the request through the app, hooks included; a
// handler that hijacks the reply owns the socket from then on.
import assert from 'node:assert/strict'
import { request as httpRequest, type IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

async function build() {
  const app = arbor()
  const seen: string[] = []
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    const res = new ServerResponse(req)
    res.assignSocket(socket as never)
    // The server does not manage an upgraded socket: end it once an HTTP reply is written.
    res.on('finish', () => socket.end())
    app.routing(req, res)
  })
  app.addHook('onRequest', async (request, reply) => {
    seen.push(`onRequest ${request.url}`)
    if (request.headers['x-deny'] !== undefined) await reply.code(401).send({ denied: true })
  })
  // onRoute may replace the handler: the route runs the replacement.
  app.addHook('onRoute', (options) => {
    if (options.config?.upgrade !== true) return
    options.handler = (request, reply) => {
      reply.hijack()
      const socket = request.raw.socket
      socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n',
      )
      socket.on('data', (chunk: Buffer) => socket.end(`echo: ${chunk.toString()}`))
    }
  })
  app.get('/echo', { config: { upgrade: true } }, async () => 'plain handler')
  const port = await listenLocal(app)
  return { app, port, seen }
}

type Outcome = { status: number; body: string }

function upgrade(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<Outcome>((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      headers: { connection: 'upgrade', upgrade: 'echo', ...headers },
      agent: false, // a socket of its own, ended here rather than kept alive in a pool
    })
    req.on('upgrade', (res, socket) => {
      let body = ''
      socket.on('data', (chunk: Buffer) => (body += chunk.toString()))
      socket.on('end', () => {
        socket.destroy()
        resolve({ status: res.statusCode ?? 0, body })
      })
      socket.write('hello')
    })
    req.on('response', (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => {
        req.destroy()
        resolve({ status: res.statusCode ?? 0, body })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

test('an upgrade routed by instance.routing() runs the hooks, then a hijacking handler owns the socket', async (t) => {
  const { app, port, seen } = await build()
  t.after(() => app.close())
  assert.deepEqual(await upgrade(port, '/echo'), { status: 101, body: 'echo: hello' })
  assert.deepEqual(seen, ['onRequest /echo'])
})

test('an upgrade that a hook answers, or that matches no route, gets that HTTP reply on its socket', async (t) => {
  const { app, port } = await build()
  t.after(() => app.close())
  const denied = await upgrade(port, '/echo', { 'x-deny': '1' })
  assert.equal(denied.status, 401)
  assert.deepEqual(JSON.parse(denied.body), { denied: true })
  const missing = await upgrade(port, '/nowhere')
  assert.equal(missing.status, 404)
  assert.equal(JSON.parse(missing.body).message, 'Route GET:/nowhere not found')
})
