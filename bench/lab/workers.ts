// req/s of `arbor start --workers 2` against `arbor start` (one process) on the hello and schema
// routes, the load from autocannon in a process of its own. Each round runs both modes of a
// scenario back to back, in alternating order, on the built CLI (npm run build first).
// Usage: tsx bench/lab/workers.ts [--rounds 3] [--duration 8] [--connections 100]
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { cpuSeconds } from '../lib/proc.ts'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '100' },
  },
})
const root = join(import.meta.dirname, '../..')
const cli = join(root, 'dist/cli/index.js')
const autocannon = join(root, 'node_modules/autocannon/autocannon.js')
const payload = '{"name":"widget","price":9.5,"quantity":3,"tags":["a","b"],"active":true}'
const scenarios = {
  hello: ['-m', 'GET'],
  schema: ['-m', 'POST', '-H', 'content-type=application/json', '-b', payload],
} as const
const path = { hello: '/', schema: '/items' } as const

function startServer(workers: number): Promise<{ child: ChildProcess; port: number }> {
  // info for the listening line; no line per request, as a production setup would
  const args = [cli, 'start', join(root, 'bench/lab/workers-app.mjs'), '--port', '0', '-l', 'info']
  args.push('--options', '{"disableRequestLogging":true}')
  if (workers > 0) args.push('--workers', String(workers))
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    // generous: on a loaded machine two workers take long to start
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error('no listening line in 120 s'))
    }, 120_000)
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        child.stdout!.removeAllListeners('data')
        child.stdout!.resume()
        resolve({ child, port: Number(match[1]) })
      }
    })
  })
}

/** The server's processes: the CLI and, with workers, its children (the primary's workers). */
function serverPids(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  return [pid, ...(children === '' ? [] : children.split(' ').map(Number))]
}

function serverCpu(pid: number): number {
  return serverPids(pid).reduce((sum, p) => sum + cpuSeconds(p), 0)
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

function load(
  port: number,
  scenario: keyof typeof scenarios,
  seconds: number,
): Promise<{ rps: number; errors: number; non2xx: number }> {
  const args = [
    autocannon,
    '-j',
    '-c',
    values.connections!,
    '-d',
    String(seconds),
    ...scenarios[scenario],
    `http://127.0.0.1:${port}${path[scenario]}`,
  ]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] })
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk
  })
  return new Promise((resolve) => {
    child.on('exit', () => {
      const result = JSON.parse(out) as {
        requests: { average: number }
        errors: number
        non2xx: number
      }
      resolve({ rps: result.requests.average, errors: result.errors, non2xx: result.non2xx })
    })
  })
}

// A JSON body POSTed with -m POST -b needs no warm-up beyond a short first load.
const results: Record<string, number[]> = {}
const cpu: Record<string, number[]> = {}
const rounds = Number(values.rounds)
for (let round = 0; round < rounds; round++) {
  for (const scenario of ['hello', 'schema'] as const) {
    const order = round % 2 === 0 ? [0, 2] : [2, 0]
    for (const workers of order) {
      const { child, port } = await startServer(workers)
      await load(port, scenario, 2) // warm-up: JIT and lazy compiles in every worker
      const load1 = loadavg()[0]!
      const cpuBefore = serverCpu(child.pid!)
      const { rps, errors, non2xx } = await load(port, scenario, Number(values.duration))
      // CPU per request: what the scaling with cores rests on, steadier than req/s on a shared machine
      const cpuUs = ((serverCpu(child.pid!) - cpuBefore) / (rps * Number(values.duration))) * 1e6
      await stop(child)
      const key = `${scenario} ${workers === 0 ? 'one process' : `--workers ${workers}`}`
      ;(results[key] ??= []).push(rps)
      ;(cpu[key] ??= []).push(cpuUs)
      console.log(
        `round ${round + 1} ${key}: ${Math.round(rps)} req/s (errors ${errors}, non-2xx ${non2xx}, load average ${load1.toFixed(1)}, server CPU ${cpuUs.toFixed(1)} µs/req)`,
      )
    }
  }
}
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
for (const [key, xs] of Object.entries(results)) {
  const c = cpu[key]!
  console.log(
    `${key}: median ${Math.round(median(xs))} req/s (${xs.map(Math.round).join(', ')}), server CPU ${median(c).toFixed(1)} µs/req (${c.map((x) => x.toFixed(1)).join(', ')})`,
  )
}
