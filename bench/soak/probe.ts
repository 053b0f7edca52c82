// The attack soak's measuring clients: the probe (normal traffic at a fixed rate, each request
// timed, each one that gets no 200 counted lost), the server's memory read-out, and the idle
// kept-alive connections whose memory is measured.
import { Agent, request } from 'node:http'
import { connect, type Socket } from 'node:net'

export interface Memory {
  rss: number
  heapUsed: number
}

export interface MemorySample extends Memory {
  /** Seconds since the phase started. */
  at: number
}

const PROBE_TIMEOUT_MS = 10_000

/** The server's memory, on a fresh connection; `collect` runs a full GC first. */
export async function memory(port: number, collect = false): Promise<Memory> {
  const res = await fetch(`http://127.0.0.1:${port}/_soak/memory${collect ? '?gc=1' : ''}`, {
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    headers: { connection: 'close' },
  })
  return (await res.json()) as Memory
}

export interface ProbeResult {
  sent: number
  ok: number
  /** Probe requests that got no 200: a connection error, a timeout or another status. */
  lost: number
  lostReasons: Record<string, number>
  p50Ms: number
  p99Ms: number
  maxMs: number
}

/** GET /probe at `rate` a second over `connections` kept-alive connections, until stop(). */
export class Probe {
  #agent: Agent
  #port: number
  #latencies: number[] = []
  #sent = 0
  #ok = 0
  #lostReasons: Record<string, number> = {}
  #inFlight = new Set<Promise<void>>()
  #timer: NodeJS.Timeout

  constructor(port: number, rate: number, connections: number) {
    this.#port = port
    this.#agent = new Agent({ keepAlive: true, maxSockets: connections })
    const every = 1000 / rate
    let next = performance.now()
    // setInterval drifts under load; the schedule catches up, so the rate holds.
    this.#timer = setInterval(
      () => {
        const now = performance.now()
        while (next <= now) {
          next += every
          this.#send()
        }
      },
      Math.max(1, Math.floor(every / 2)),
    )
  }

  #lose(reason: string): void {
    this.#lostReasons[reason] = (this.#lostReasons[reason] ?? 0) + 1
  }

  #send(): void {
    this.#sent++
    const started = performance.now()
    const done = new Promise<void>((resolve) => {
      const req = request(
        { host: '127.0.0.1', port: this.#port, path: '/probe', agent: this.#agent },
        (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (body += chunk))
          res.on('end', () => {
            if (res.statusCode === 200 && body === '{"ok":true}') {
              this.#ok++
              this.#latencies.push(performance.now() - started)
            } else this.#lose(`status ${res.statusCode}`)
            resolve()
          })
          res.on('error', (err: NodeJS.ErrnoException) => {
            this.#lose(err.code ?? err.message)
            resolve()
          })
        },
      )
      req.setTimeout(PROBE_TIMEOUT_MS, () => req.destroy(new Error('timeout')))
      req.on('error', (err: NodeJS.ErrnoException) => {
        this.#lose(err.code ?? err.message)
        resolve()
      })
      req.end()
    })
    this.#inFlight.add(done)
    done.then(() => this.#inFlight.delete(done))
  }

  /** Stops sending, waits for the answers still due, and reports. */
  async stop(): Promise<ProbeResult> {
    clearInterval(this.#timer)
    await Promise.all(this.#inFlight)
    this.#agent.destroy()
    const sorted = this.#latencies.sort((a, b) => a - b)
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
    const lost = Object.values(this.#lostReasons).reduce((sum, n) => sum + n, 0)
    const round = (ms: number) => Math.round(ms * 100) / 100
    return {
      sent: this.#sent,
      ok: this.#ok,
      lost,
      lostReasons: this.#lostReasons,
      p50Ms: round(at(0.5)),
      p99Ms: round(at(0.99)),
      maxMs: round(sorted.at(-1) ?? 0),
    }
  }
}

/**
 * Opens `count` connections, each answered once and then left idle and kept alive, as a
 * browser's spare connections are. Resolves with the sockets, for closing.
 */
export async function openIdle(port: number, count: number): Promise<Socket[]> {
  const sockets: Socket[] = []
  const BATCH = 100
  for (let at = 0; at < count; at += BATCH) {
    const batch: Array<Promise<Socket>> = []
    for (let i = at; i < Math.min(count, at + BATCH); i++) batch.push(idleConnection(port))
    sockets.push(...(await Promise.all(batch)))
  }
  return sockets
}

function idleConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error('an idle connection was not answered'))
    }, PROBE_TIMEOUT_MS)
    let text = ''
    socket.setEncoding('latin1')
    socket.on('error', reject)
    socket.once('connect', () => socket.write('GET /probe HTTP/1.1\r\nHost: localhost\r\n\r\n'))
    socket.on('data', (chunk: string) => {
      text += chunk
      if (text.endsWith('{"ok":true}')) {
        clearTimeout(timer)
        socket.removeAllListeners('data')
        socket.pause()
        resolve(socket)
      }
    })
  })
}

/** Least-squares slope of rss over time, in bytes a minute. */
export function rssSlope(samples: MemorySample[]): number {
  const n = samples.length
  if (n < 2) return 0
  const meanT = samples.reduce((sum, s) => sum + s.at, 0) / n
  const meanR = samples.reduce((sum, s) => sum + s.rss, 0) / n
  let num = 0
  let den = 0
  for (const s of samples) {
    num += (s.at - meanT) * (s.rss - meanR)
    den += (s.at - meanT) ** 2
  }
  return den === 0 ? 0 : (num / den) * 60
}
