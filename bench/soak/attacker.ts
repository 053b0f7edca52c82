// The attack traffic of the attack soak, in a process of its own so that the runner's probe
// timings do not share an event loop with it: `attacker.ts <port> <config json>`. Until SIGTERM
// it keeps up slow request heads (slowloris) and slow bodies, an error storm against handlers
// that throw and reject, and clients that leave mid-body and mid-response; then it prints what
// it saw as one JSON line (its only output) and exits.
import { Agent, request } from 'node:http'
import { connect, type Socket } from 'node:net'

export interface AttackConfig {
  /** Connections that send a request head one header line a second and never finish it. */
  slowHeads: number
  /** Connections that send a body ten bytes a second. */
  slowBodies: number
  /** Requests a second to /throw and /reject, alternately. */
  stormRate: number
  /** Clients a second that leave mid-body, and as many that leave mid-response. */
  abortRate: number
}

export interface AttackStats {
  storm: { sent: number; byStatus: Record<string, number>; errors: number; skipped: number }
  abortsMidBody: number
  abortsMidResponse: number
  abortErrors: number
  slowHeads: SlowStats
  slowBodies: SlowStats
}

interface SlowStats {
  opened: number
  /** Connections the server ended (a timeout) rather than the attacker. */
  cut: number
  /** Statuses the server answered the slow clients with before cutting them. */
  byStatus: Record<string, number>
  /** How long cut connections had lived, in ms: the longest. */
  longestMs: number
}

const port = Number(process.argv[2])
const config = JSON.parse(process.argv[3] ?? '{}') as AttackConfig
let stopping = false
const STORM_IN_FLIGHT = 256
const ABORTS_IN_FLIGHT = 128

const stats: AttackStats = {
  storm: { sent: 0, byStatus: {}, errors: 0, skipped: 0 },
  abortsMidBody: 0,
  abortsMidResponse: 0,
  abortErrors: 0,
  slowHeads: { opened: 0, cut: 0, byStatus: {}, longestMs: 0 },
  slowBodies: { opened: 0, cut: 0, byStatus: {}, longestMs: 0 },
}

const count = (table: Record<string, number>, key: string) => {
  table[key] = (table[key] ?? 0) + 1
}

// Slow clients: each keeps one connection trickling; when the server cuts it, a new one opens.
const slow = new Set<Socket>()

function openSlow(kind: 'head' | 'body'): void {
  if (stopping) return
  const table = kind === 'head' ? stats.slowHeads : stats.slowBodies
  const socket = connect(port, '127.0.0.1')
  const opened = performance.now()
  table.opened++
  slow.add(socket)
  socket.setEncoding('latin1')
  socket.on('data', (text: string) => {
    for (const match of text.matchAll(/HTTP\/1\.1 (\d{3})/g)) count(table.byStatus, match[1]!)
  })
  socket.on('error', () => {})
  socket.once('connect', () => {
    socket.write(
      kind === 'head'
        ? 'GET /probe HTTP/1.1\r\nHost: localhost\r\n'
        : 'POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100000\r\n\r\n{"name":"slow","pad":"',
    )
  })
  socket.once('close', () => {
    slow.delete(socket)
    if (stopping) return
    table.cut++
    table.longestMs = Math.max(table.longestMs, Math.round(performance.now() - opened))
    setTimeout(() => openSlow(kind), 100)
  })
  ;(socket as Socket & { kind?: string }).kind = kind
}

const trickle = setInterval(() => {
  let line = 0
  for (const socket of slow) {
    if (!socket.writable || socket.connecting) continue
    const kind = (socket as Socket & { kind?: string }).kind
    socket.write(kind === 'head' ? `X-Slow-${line++ % 1000}: 1\r\n` : 'xxxxxxxxxx')
  }
}, 1000)

// The error storm, paced by a token bucket, over kept-alive connections.
const stormAgent = new Agent({ keepAlive: true, maxSockets: 8 })
let stormInFlight = 0

function storm(): void {
  if (stormInFlight >= STORM_IN_FLIGHT) {
    stats.storm.skipped++
    return
  }
  stormInFlight++
  stats.storm.sent++
  const path = stats.storm.sent % 2 === 0 ? '/throw' : '/reject'
  const req = request({ host: '127.0.0.1', port, path, agent: stormAgent }, (res) => {
    count(stats.storm.byStatus, String(res.statusCode))
    res.resume()
    res.on('end', () => stormInFlight--)
    res.on('error', () => stormInFlight--)
  })
  req.setTimeout(10_000, () => req.destroy())
  req.on('error', () => {
    stats.storm.errors++
    stormInFlight--
  })
  req.end()
}

// Clients that leave: mid-body (a tenth of the announced body sent) and mid-response.
let abortsInFlight = 0

function abortMidBody(): void {
  if (abortsInFlight >= ABORTS_IN_FLIGHT) return
  abortsInFlight++
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => stats.abortErrors++)
  socket.once('close', () => abortsInFlight--)
  socket.once('connect', () => {
    socket.write(
      'POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: 10000\r\n\r\n{"name":"gone","pad":"${'x'.repeat(1000)}`,
      () => setTimeout(() => socket.destroy(), 5),
    )
    stats.abortsMidBody++
  })
}

function abortMidResponse(): void {
  if (abortsInFlight >= ABORTS_IN_FLIGHT) return
  abortsInFlight++
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => stats.abortErrors++)
  socket.once('close', () => abortsInFlight--)
  socket.once('connect', () => socket.write('GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n'))
  socket.once('data', () => {
    stats.abortsMidResponse++
    socket.destroy()
  })
  socket.setTimeout(10_000, () => socket.destroy())
}

// Every 10 ms, what the rates say is due.
const TICK_MS = 10
let due = { storm: 0, aborts: 0 }
const pace = setInterval(() => {
  due = {
    storm: due.storm + (config.stormRate * TICK_MS) / 1000,
    aborts: due.aborts + (config.abortRate * TICK_MS) / 1000,
  }
  for (; due.storm >= 1; due.storm--) storm()
  for (; due.aborts >= 1; due.aborts--) {
    abortMidBody()
    abortMidResponse()
  }
}, TICK_MS)

for (let i = 0; i < config.slowHeads; i++) openSlow('head')
for (let i = 0; i < config.slowBodies; i++) openSlow('body')

process.once('SIGTERM', () => {
  stopping = true
  clearInterval(pace)
  clearInterval(trickle)
  for (const socket of slow) socket.destroy()
  stormAgent.destroy()
  process.stdout.write(`${JSON.stringify(stats)}\n`, () => process.exit(0))
})
