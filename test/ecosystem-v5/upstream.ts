// An upstream server on 127.0.0.1 for the proxy plugins' tests (@fastify/http-proxy,
// @fastify/reply-from): every HTTP request is echoed as JSON (method, url, one header, body),
// a path with `/status/<code>` answers with that status, and WebSocket messages come back prefixed with the
// upgrade's url, so a test sees what the proxy forwarded.
import type { EventEmitter } from 'node:events'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'

/** What `ws` gives a test (it ships no types of its own). */
export interface Socket extends EventEmitter {
  send(data: string): void
  terminate(): void
}
type SocketServer = EventEmitter & { close(): void }

const ws = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string) => Socket
  WebSocketServer: new (options: { server: Server }) => SocketServer
}
export const WebSocket = ws.WebSocket

export interface Upstream {
  origin: string
  close(): Promise<void>
}

export async function startUpstream(): Promise<Upstream> {
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      const status = /\/status\/(\d{3})/.exec(req.url ?? '')
      res.statusCode = status === null ? 200 : Number(status[1])
      res.setHeader('content-type', 'application/json')
      res.setHeader('x-upstream', 'yes')
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          header: req.headers['x-forwarded-by-test'] ?? null,
          body,
        }),
      )
    })
  })
  const sockets = new ws.WebSocketServer({ server })
  sockets.on('connection', (socket: Socket, req: { url: string }) => {
    socket.on('message', (data: Buffer) => socket.send(`upstream ${req.url}: ${data.toString()}`))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Opens a WebSocket, sends one message and resolves with the first answer. */
export async function exchange(url: string, message: string): Promise<string> {
  const socket = new WebSocket(url)
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    const answer = new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString())),
    )
    socket.send(message)
    return await answer
  } finally {
    socket.terminate()
  }
}
