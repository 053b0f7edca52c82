// Checks a server's answers, then loads it with autocannon from this process and measures the
// server's CPU time and memory over the load window.
import autocannon from 'autocannon'
import { cpuSeconds, machineCpuSeconds, rssBytes } from './proc.ts'
import type { ScenarioRequest } from './scenario.ts'

/** Sends each request once; returns what was wrong with the first wrong answer, or null. */
export async function checkAnswers(
  port: number,
  requests: ScenarioRequest[],
): Promise<string | null> {
  for (const request of requests) {
    const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
      method: request.method,
      signal: AbortSignal.timeout(5000),
      ...(request.payload === undefined
        ? {}
        : { body: request.payload, headers: { 'content-type': 'application/json' } }),
    })
    const body = await response.text()
    const where = `${request.method} ${request.path}`
    if (response.status !== request.status) {
      return `${where}: status ${response.status}, expected ${request.status} (body ${body.slice(0, 200)})`
    }
    if (body !== request.body)
      return `${where}: body ${body.slice(0, 200)}, expected ${request.body}`
    const type = response.headers.get('content-type') ?? ''
    if (!type.startsWith('application/json')) return `${where}: content-type ${type}`
  }
  return null
}

export interface LoadOptions {
  connections: number
  pipelining: number
  /** Seconds. */
  duration: number
}

export interface Measurement {
  requests: number
  seconds: number
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  errors: number
  non2xx: number
  /** Server CPU time (user+sys) over the load window, divided by the requests completed. */
  cpuUsPerRequest: number
  /** Share of one core the server used during the load window (1 = the core was saturated). */
  serverCpuShare: number
  /** Share of one core autocannon (this process) used during the load window. */
  loadCpuShare: number
  /**
   * Cores' worth of CPU that other processes on the machine used during the load window:
   * above ~0.1 they competed with the server or autocannon and the row is less reliable.
   */
  otherCpuShare: number
  rssBytes: number
}

function run(port: number, requests: ScenarioRequest[], options: LoadOptions) {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: options.connections,
    pipelining: options.pipelining,
    duration: options.duration,
    timeout: 10,
    requests: autocannonRequests(requests),
  })
}

/** A scenario's requests as autocannon sends them (a payload goes as JSON). */
export function autocannonRequests(requests: ScenarioRequest[]) {
  return requests.map((r) =>
    r.payload === undefined
      ? { method: r.method, path: r.path }
      : {
          method: r.method,
          path: r.path,
          body: r.payload,
          headers: { 'content-type': 'application/json' },
        },
  )
}

/** Loads without measuring, so the server's JIT and caches are warm when measuring starts. */
export async function warmUp(
  port: number,
  requests: ScenarioRequest[],
  options: LoadOptions,
): Promise<void> {
  if (options.duration > 0) await run(port, requests, options)
}

export async function measure(
  pid: number,
  port: number,
  requests: ScenarioRequest[],
  options: LoadOptions,
): Promise<Measurement> {
  const machineBefore = machineCpuSeconds()
  const selfBefore = process.cpuUsage()
  const cpuBefore = cpuSeconds(pid)
  const started = process.hrtime.bigint()
  const result = await run(port, requests, options)
  const cpuAfter = cpuSeconds(pid)
  const wall = Number(process.hrtime.bigint() - started) / 1e9
  const self = process.cpuUsage(selfBefore)
  const machine = machineCpuSeconds() - machineBefore
  const server = cpuAfter - cpuBefore
  const load = (self.user + self.system) / 1e6
  const completed = result.requests.total
  const seconds = result.duration > 0 ? result.duration : wall
  return {
    requests: completed,
    seconds,
    reqPerSec: completed / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuUsPerRequest: completed > 0 ? (server * 1e6) / completed : Number.NaN,
    serverCpuShare: server / wall,
    loadCpuShare: load / wall,
    otherCpuShare: Math.max(0, machine - server - load) / wall,
    rssBytes: rssBytes(pid),
  }
}

/**
 * Loads two servers at once, each with half the connections, and returns each one's server
 * CPU time per request over the same window. Both run on the same core at the same moment,
 * so a machine whose speed drifts from second to second slows both alike: their ratio is
 * much steadier than the ratio of two rows measured one after the other.
 */
export async function measurePair(
  servers: [{ pid: number; port: number }, { pid: number; port: number }],
  requests: ScenarioRequest[],
  options: LoadOptions,
): Promise<PairResult> {
  const half = { ...options, connections: Math.max(1, Math.round(options.connections / 2)) }
  const before = servers.map((s) => cpuSeconds(s.pid))
  const results = await Promise.all(servers.map((s) => run(s.port, requests, half)))
  const after = servers.map((s) => cpuSeconds(s.pid))
  const perRequest = (i: number) => {
    const completed = results[i]!.requests.total
    return completed > 0 ? ((after[i]! - before[i]!) * 1e6) / completed : Number.NaN
  }
  return {
    cpu: [perRequest(0), perRequest(1)],
    requests: [results[0]!.requests.total, results[1]!.requests.total],
  }
}

/**
 * What a paired load measured: each server's CPU time per request, and the requests each
 * completed in the same window while sharing one core (their ratio is a throughput ratio
 * measured in one run).
 */
export interface PairResult {
  cpu: [number, number]
  requests: [number, number]
}
