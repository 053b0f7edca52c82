// Loads a group of servers at the same moment, on the same core (the paired method of
// bench/lib/load.ts, for any number of servers), and returns each one's CPU per request, the
// requests it completed and its peak RSS over the same window. The load comes from this
// process (autocannon), or for the connections curve from one keep-alive load process per
// server (hold.ts), whose connections stay open from one window to the next.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { ROOT } from '../lib/build.ts'
import { canPin } from '../lib/child.ts'
import { autocannonRequests } from '../lib/load.ts'
import { cpuSeconds, rssBytes } from '../lib/proc.ts'
import type { ScenarioRequest } from '../lib/scenario.ts'
import type { CurveLoad } from './curves.ts'

export interface GroupServer {
  pid: number
  port: number
}

export interface GroupResult {
  cpuUsPerRequest: number[]
  requests: number[]
  reqPerSec: number[]
  peakRssBytes: number[]
  errors: number[]
}

interface LoadResult {
  requests: number
  seconds: number
  errors: number
}

function inProcess(
  port: number,
  requests: ScenarioRequest[],
  load: CurveLoad,
  seconds: number,
): Promise<LoadResult> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: load.connections,
    pipelining: load.pipelining,
    duration: seconds,
    timeout: 10,
    requests: autocannonRequests(requests),
  }).then((r) => ({
    requests: r.requests.total,
    seconds: r.duration,
    errors: r.errors + r.timeouts + r.non2xx,
  }))
}

/**
 * A keep-alive load process (hold.ts) on the load core, holding `connections` connections to
 * one server: opened once, then loaded window after window.
 */
export interface Holder {
  go(seconds: number): Promise<LoadResult>
  stop(): void
}

export async function startHolder(
  port: number,
  request: ScenarioRequest,
  connections: number,
): Promise<Holder> {
  const command = [
    ...(canPin ? ['taskset', '-c', '0'] : []),
    process.execPath,
    `${ROOT}bench/dist/curves/hold.js`,
    String(port),
    String(connections),
    request.path,
    request.body,
  ]
  const child = spawn(command[0]!, command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] })
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk
  })
  // Bounded: every answer from the holder comes within a minute or the holder is killed.
  const next = async (): Promise<Record<string, number>> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        child.kill('SIGKILL')
        reject(new Error(`load process silent for 60 s: ${stderr.slice(-300)}`))
      }, 60_000)
    })
    try {
      const line = await Promise.race([lines.next(), timeout])
      if (line.done) throw new Error(`load process exited: ${stderr.slice(-300)}`)
      return JSON.parse(line.value) as Record<string, number>
    } finally {
      clearTimeout(timer)
    }
  }
  const ready = await next()
  if (ready.connected! < connections)
    throw new Error(`only ${ready.connected} of ${connections} connections opened`)
  return {
    async go(seconds) {
      child.stdin.write(`go ${seconds}\n`)
      const r = await next()
      return { requests: r.requests!, seconds: r.seconds!, errors: r.errors! }
    },
    stop() {
      child.kill('SIGKILL')
    },
  }
}

export async function measureGroup(
  servers: GroupServer[],
  requests: ScenarioRequest[],
  load: CurveLoad,
  seconds: number,
  holders: Holder[] | null,
): Promise<GroupResult> {
  const peak = servers.map((s) => rssBytes(s.pid))
  const poll = setInterval(() => {
    servers.forEach((s, i) => {
      try {
        peak[i] = Math.max(peak[i]!, rssBytes(s.pid))
      } catch {
        // exited: the load reports it
      }
    })
  }, 100)
  const before = servers.map((s) => cpuSeconds(s.pid))
  let results: LoadResult[]
  try {
    results = await Promise.all(
      servers.map((s, i) =>
        holders ? holders[i]!.go(seconds) : inProcess(s.port, requests, load, seconds),
      ),
    )
  } finally {
    clearInterval(poll)
  }
  const after = servers.map((s) => cpuSeconds(s.pid))
  return {
    cpuUsPerRequest: results.map((r, i) =>
      r.requests > 0 ? ((after[i]! - before[i]!) * 1e6) / r.requests : Number.NaN,
    ),
    requests: results.map((r) => r.requests),
    reqPerSec: results.map((r) => (r.seconds > 0 ? r.requests / r.seconds : Number.NaN)),
    peakRssBytes: peak,
    errors: results.map((r) => r.errors),
  }
}
