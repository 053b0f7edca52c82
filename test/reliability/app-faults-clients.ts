// The clients of the application-fault tests (app-faults*.test.ts): a plain request over a
// keep-alive agent, and raw-socket clients that go away mid-body or mid-response, each bounded
// in time, so that a server that hangs fails the test instead of hanging it.
import { type Agent, request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

const CLIENT_TIMEOUT_MS = 5000

export interface Answer {
  status: number
  body: string
}

/** A request through `agent`; resolves with the answer, rejects on a connection error. */
export function send(
  agent: Agent,
  port: number,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        res.on('error', reject)
      },
    )
    req.setTimeout(CLIENT_TIMEOUT_MS, () => req.destroy(new Error(`no answer to ${path}`)))
    req.on('error', reject)
    req.end(init.body)
  })
}

/** Opens a raw connection; rejects when it cannot connect in time. */
export function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error('could not connect'))
    }, CLIENT_TIMEOUT_MS)
    socket.once('connect', () => {
      clearTimeout(timer)
      resolve(socket)
    })
    socket.once('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
  })
}

/** Resolves once the socket has closed (destroying it first, when `destroy` is set). */
export function closed(socket: Socket): Promise<void> {
  if (socket.closed) return Promise.resolve()
  return new Promise((resolve) => socket.once('close', () => resolve()))
}

/**
 * Announces a body of `length` bytes, sends `sent` of them, waits for `arrived` (the server
 * saw the request, when given) and goes away.
 */
export async function abortMidBody(
  port: number,
  path: string,
  length: number,
  sent: number,
  arrived?: Promise<unknown>,
): Promise<void> {
  const socket = await open(port)
  socket.on('error', () => {})
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${length}\r\n\r\n${'{"pad":"'.padEnd(sent, 'x')}`,
  )
  if (arrived !== undefined) await arrived
  else await new Promise((resolve) => socket.write('', resolve))
  socket.destroy()
  await closed(socket)
}

/** Asks for `path` and goes away once the first bytes of the answer came. */
export async function abortMidResponse(port: number, path: string): Promise<void> {
  const socket = await open(port)
  socket.on('error', () => {})
  const first = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no bytes from ${path}`)), CLIENT_TIMEOUT_MS)
    socket.once('data', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`)
  try {
    await first
  } finally {
    socket.destroy()
  }
  await closed(socket)
}

/** Sends a request and goes away once `arrived` resolves (the handler started). */
export async function abortWhileHandled(
  port: number,
  path: string,
  arrived: Promise<unknown>,
  headers: Record<string, string> = {},
): Promise<void> {
  const socket = await open(port)
  socket.on('error', () => {})
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${lines.join('')}\r\n`)
  await arrived
  socket.destroy()
  await closed(socket)
}

/** The server's open connections, as node counts them. */
export function connectionCount(server: {
  getConnections(cb: (err: Error | null, count: number) => void): void
}): Promise<number> {
  return new Promise((resolve, reject) =>
    server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  )
}

/** Polls `check` every few ms until it holds or `ms` passed; returns whether it held. */
export async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = performance.now() + ms
  while (!check()) {
    if (performance.now() > until) return false
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return true
}

/** Each event name of `emitter` with its listener count, for a before/after comparison. */
export function listenerCounts(emitter: NodeJS.EventEmitter): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const name of emitter.eventNames()) counts[String(name)] = emitter.listenerCount(name)
  return counts
}

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/**
 * Counts objects that garbage collection has reclaimed. FinalizationRegistry callbacks run as
 * tasks after a collection, so `settle` collects and yields a few times.
 */
export class Reclaimed {
  registered = 0
  reclaimed = 0
  #registry = new FinalizationRegistry<undefined>(() => {
    this.reclaimed++
  })

  track(target: object): void {
    this.registered++
    this.#registry.register(target, undefined)
  }

  async settle(): Promise<number> {
    for (let i = 0; i < 20 && this.reclaimed < this.registered; i++) {
      await new Promise((resolve) => setImmediate(resolve))
      gc()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return this.registered - this.reclaimed
  }
}
