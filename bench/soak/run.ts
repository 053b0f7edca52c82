// Soak: loads one arbor app with mixed traffic for a while and reports whether it stays whole:
// RSS and heap after warm-up and at the end, requests by status, errors. Not part of npm test.
//
//   npm run soak                        # 60 s
//   npm run soak -- --duration 600 --connections 20
//   npm run soak -- --attack            # arbor and Fastify 5 under attack, 5 min each (soak/attack.ts)
//   npm run soak -- --attack --duration 20 --baseline 5 --idle-connections 200   # a smoke
//
// The server (bench/soak/server.ts) runs in a child process under tsx; the load comes from
// autocannon in this process, to 127.0.0.1 only. Exits 1 when a request errored or timed out,
// a status outside the mix came back, or the server did not exit cleanly on SIGTERM.
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { inOwnSession, isOwnSession, setNice, startChild } from '../lib/child.ts'
import { type AttackOptions, runAttack } from './attack.ts'

const USAGE = `usage: npm run soak [-- --duration <seconds>] [--connections <n>] [--warmup <seconds>]
       npm run soak -- --attack [--duration <seconds>] [--baseline <seconds>] [attack options]
  --duration          seconds of load, warm-up included (default 60; with --attack, seconds of
                      attack per framework, default 300)
  --connections       concurrent keep-alive connections (default 10)
  --warmup            seconds before the warm-up memory sample (default: a tenth of the duration, 2 to 10)
  --attack            arbor and Fastify 5, one after the other, each under slow clients, an error
                      storm and aborting clients beside a probe (bench/soak/attack.ts)
  --baseline          seconds of probe alone before the attack (default: a fifth of the duration, at most 60)
  --idle-connections  kept-alive idle connections opened to measure their memory (default 1000)
  --probe-rate        probe requests a second (default 50), over --connections connections (default 4)
  --slow-heads        connections trickling a request head (default 200)
  --slow-bodies       connections trickling a body (default 50)
  --storm-rate        requests a second to throwing and rejecting handlers (default 200)
  --abort-rate        clients a second leaving mid-body, and as many mid-response (default 20)
  --request-timeout   requestTimeout of both servers, in ms (default 10000)
  --only              one framework: arbor or fastify5
  --nice              run in a session of its own at this nice level (e.g. -10, as npm run bench),
                      so that on a shared machine the soak gets its share of the cores`

interface MixRequest {
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
  /** The status this request must get. */
  status: number
}

const json = { 'content-type': 'application/json' }

// One pass of the mix; each connection cycles through it in order.
const MIX: MixRequest[] = [
  { method: 'GET', path: '/', status: 200 },
  { method: 'POST', path: '/users', headers: json, body: '{"name":"Ada","age":36}', status: 201 },
  { method: 'GET', path: '/users/42', status: 200 },
  { method: 'GET', path: '/v1/me', status: 200 },
  { method: 'GET', path: '/nope', status: 404 },
  { method: 'POST', path: '/users', headers: json, body: '{"age":-1}', status: 400 },
  { method: 'POST', path: '/users', headers: json, body: '{"name":', status: 400 },
  { method: 'GET', path: '/users/abc', status: 400 },
]

interface Memory {
  rss: number
  heapUsed: number
}

async function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      help: { type: 'boolean', default: false },
      attack: { type: 'boolean', default: false },
      baseline: { type: 'string' },
      'idle-connections': { type: 'string', default: '1000' },
      'probe-rate': { type: 'string', default: '50' },
      'slow-heads': { type: 'string', default: '200' },
      'slow-bodies': { type: 'string', default: '50' },
      'storm-rate': { type: 'string', default: '200' },
      'abort-rate': { type: 'string', default: '20' },
      'request-timeout': { type: 'string', default: '10000' },
      only: { type: 'string' },
      nice: { type: 'string' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if (values.nice !== undefined) {
    // As bench/load/run.ts: a session of its own, so the nice level counts against other sessions.
    if (!isOwnSession) await inOwnSession(process.argv.slice(2))
    setNice(Number(values.nice))
  }
  if (values.attack) return { attack: attackOptions(values) }
  const duration = Number(values.duration ?? 60)
  const connections = Number(values.connections ?? 10)
  const warmup =
    values.warmup === undefined ? Math.min(10, Math.max(2, duration / 10)) : Number(values.warmup)
  if (
    !(Number.isInteger(duration) && duration > 0) ||
    !(Number.isInteger(connections) && connections > 0) ||
    !(warmup > 0 && warmup < duration)
  ) {
    console.error(USAGE)
    process.exit(2)
  }
  return { attack: undefined, duration, connections, warmup }
}

function attackOptions(values: Record<string, string | boolean | undefined>): AttackOptions {
  const number = (name: string, fallback?: number) => {
    const value = values[name] === undefined ? fallback : Number(values[name])
    if (value === undefined || !(Number.isFinite(value) && value >= 0)) {
      console.error(`--${name}: not a number\n${USAGE}`)
      process.exit(2)
    }
    return value
  }
  const duration = number('duration', 300)
  const only = values.only
  if (only !== undefined && only !== 'arbor' && only !== 'fastify5') {
    console.error(`--only: arbor or fastify5\n${USAGE}`)
    process.exit(2)
  }
  return {
    duration,
    baseline: number('baseline', Math.min(60, Math.max(5, Math.round(duration / 5)))),
    idleConnections: Math.max(1, number('idle-connections')),
    probeRate: Math.max(1, number('probe-rate')),
    probeConnections: Math.max(1, number('connections', 4)),
    slowHeads: number('slow-heads'),
    slowBodies: number('slow-bodies'),
    stormRate: number('storm-rate'),
    abortRate: number('abort-rate'),
    requestTimeout: number('request-timeout'),
    frameworks: only === undefined ? ['arbor', 'fastify5'] : [only],
    nice: values.nice === undefined ? null : Number(values.nice),
  }
}

/** The server's memory; `collect` runs a full GC first, so heapUsed is the reachable heap. */
async function memory(port: number, collect = false): Promise<Memory> {
  const res = await fetch(`http://127.0.0.1:${port}/_soak/memory${collect ? '?gc=1' : ''}`, {
    signal: AbortSignal.timeout(5000),
  })
  return (await res.json()) as Memory
}

/** Sends each request of the mix once and returns what came back wrong. */
async function preflight(port: number): Promise<string[]> {
  const wrong: string[] = []
  for (const request of MIX) {
    const init: RequestInit = { method: request.method, signal: AbortSignal.timeout(5000) }
    if (request.headers !== undefined) init.headers = request.headers
    if (request.body !== undefined) init.body = request.body
    const res = await fetch(`http://127.0.0.1:${port}${request.path}`, init)
    const body = await res.text()
    if (res.status !== request.status) {
      wrong.push(
        `${request.method} ${request.path}: ${res.status} (expected ${request.status}) ${body.slice(0, 200)}`,
      )
    }
  }
  return wrong
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`

async function main(): Promise<number> {
  const { attack, duration, connections, warmup } = await options()
  if (attack !== undefined) return runAttack(attack)
  const server = startChild({
    file: new URL('./server.ts', import.meta.url).pathname,
    args: [],
    cpu: undefined,
    nodeFlags: ['--import', 'tsx', '--expose-gc'],
  })
  const { port } = (await server.firstJson(30_000)) as { port: number }
  const wrong = await preflight(port)
  if (wrong.length > 0) {
    console.error(`the app does not answer the mix as expected:\n  ${wrong.join('\n  ')}`)
    await server.stop()
    return 1
  }

  console.log(
    `soak: ${duration} s, ${connections} connections, ${MIX.length} requests in the mix, node ${process.version}`,
  )
  const start = await memory(port, true)
  let warm: Memory | undefined
  let peak = start
  const samples: Memory[] = []
  const sampler = setInterval(() => {
    memory(port).then(
      (sample) => {
        samples.push(sample)
        if (sample.rss > peak.rss) peak = sample
      },
      () => {},
    )
  }, 1000)
  const warmTimer = setTimeout(() => {
    memory(port, true).then(
      (sample) => (warm = sample),
      () => {},
    )
  }, warmup * 1000)

  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    timeout: 10,
    requests: MIX.map(({ status: _status, ...request }) => request),
  })
  clearInterval(sampler)
  clearTimeout(warmTimer)
  const end = await memory(port, true)
  const exit = await stopServer(server)

  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  )
  const expected = new Set(MIX.map((r) => String(r.status)))
  const unexpected = Object.keys(byStatus).filter((status) => !expected.has(status))
  const errors = result.errors + result.timeouts
  const base = warm ?? start
  const lines = [
    `requests   ${result.requests.total} in ${result.duration.toFixed(1)} s (${Math.round(result.requests.average)}/s), p99 ${result.latency.p99} ms`,
    `by status  ${Object.entries(byStatus)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ')}`,
    `errors     ${result.errors} (timeouts ${result.timeouts}, resets ${result.resets ?? 0}, non-2xx ${result.non2xx} as the mix intends)`,
    `rss        start ${mb(start.rss)}, after ${warmup} s warm-up ${mb(base.rss)}, end ${mb(end.rss)} (${signedMb(end.rss - base.rss)} since warm-up), peak ${mb(peak.rss)}`,
    `heap used  after a full GC: warm-up ${mb(base.heapUsed)}, end ${mb(end.heapUsed)} (${signedMb(end.heapUsed - base.heapUsed)})`,
    `samples    ${samples.length} (rss min ${mb(Math.min(...samples.map((s) => s.rss)))}, max ${mb(Math.max(...samples.map((s) => s.rss)))})`,
    `server     ${exit}`,
  ]
  console.log(lines.join('\n'))
  console.log(
    JSON.stringify({
      durationS: duration,
      connections,
      requests: result.requests.total,
      byStatus,
      errors: result.errors,
      timeouts: result.timeouts,
      rssWarmBytes: base.rss,
      rssEndBytes: end.rss,
      rssPeakBytes: peak.rss,
      heapWarmBytes: base.heapUsed,
      heapEndBytes: end.heapUsed,
      exit,
    }),
  )
  const failures = [
    errors > 0 ? `${errors} errors or timeouts` : '',
    unexpected.length > 0 ? `unexpected statuses ${unexpected.join(', ')}` : '',
    exit !== 'exited 0 on SIGTERM' ? `server ${exit}` : '',
  ].filter(Boolean)
  if (failures.length > 0) console.error(`soak failed: ${failures.join('; ')}`)
  return failures.length > 0 ? 1 : 0
}

async function stopServer(server: ReturnType<typeof startChild>): Promise<string> {
  const started = performance.now()
  await server.stop()
  const code = await server.exited
  const ms = Math.round(performance.now() - started)
  return code === 0
    ? 'exited 0 on SIGTERM'
    : `exit code ${code} after ${ms} ms (stderr: ${server.stderr().slice(-300)})`
}

process.exitCode = await main()
