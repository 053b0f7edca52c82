// Steady processes: is every process of a framework as fast as its others? A process can be
// fast or slow for its whole life (BENCHMARKS.md, "Steady processes"), so this starts N fresh
// server processes per framework and scenario, frameworks interleaved (A B A B ...: a drift of
// the machine's load reaches both), and reports the spread of their CPU per request: min,
// median, max and max ÷ min. Each process is loaded paired with one long-lived node:http
// server (the reference, started once per scenario), both on the server core at the same
// moment: the ratio of their CPU per request does not see the shared machine's speed drift
// from one process to the next, which moves unpaired figures by more than the spread sought.
//   npm run bench:steady -- --processes 10 --nice=-10
//   npm run bench:steady -- --scenarios params --only arbor --node-flags=--no-allocation-site-pretenuring
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { arborEntry, build, compiled, ROOT } from './build.ts'
import {
  type Child,
  canPin,
  inOwnSession,
  isOwnSession,
  pinSelf,
  setNice,
  startChild,
} from './child.ts'
import { checkAnswers, type LoadOptions, measurePair, warmUp } from './load.ts'
import type { Scenario } from './scenario.ts'
import { type Spread, spread } from './stats.ts'

const USAGE = `npm run bench:steady -- [options]
  --processes N        fresh processes per framework and scenario (default 10)
  --scenarios a,b      (default hello,params,schema)
  --only a,b           frameworks: arbor, fastify4, fastify5 (default arbor,fastify5)
  --warmup S           seconds of load before measuring each process (default 2)
  --rounds N           measured bursts per process, each paired with the reference (default 5)
  --duration S         seconds per burst (default 1)
  --node-flags=F       node flags for every server process, space-separated
                       (e.g. --node-flags=--no-allocation-site-pretenuring)
  --out FILE           (default bench/results/steady.json)
  --nice=N             run in a session of its own at nice level N (e.g. -10)
  --no-build           do not rebuild dist/ and bench/dist/ first`

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '10' },
    scenarios: { type: 'string', default: 'hello,params,schema' },
    only: { type: 'string', default: 'arbor,fastify5' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '1' },
    'node-flags': { type: 'string', default: '' },
    out: { type: 'string', default: 'bench/results/steady.json' },
    nice: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
if (values.nice !== undefined && !isOwnSession) await inOwnSession(process.argv.slice(2))

const processes = Math.max(1, Number(values.processes))
const frameworks = values.only.split(',').filter(Boolean)
for (const f of frameworks) {
  if (!['arbor', 'fastify4', 'fastify5'].includes(f)) throw new Error(`not a framework here: ${f}`)
}
const nodeFlags = values['node-flags'].split(' ').filter(Boolean)
const load: LoadOptions = { connections: 100, pipelining: 10, duration: Number(values.duration) }
const rounds = Math.max(1, Number(values.rounds))

if (canPin) pinSelf(0)
if (values.nice !== undefined) setNice(Number(values.nice))
const started = Date.now()
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`)
if (!values['no-build']) build(log)
const arbor = arborEntry()

/** One fresh process: its answers checked, warmed, then measured in `rounds` paired bursts. */
export interface SteadyProcess {
  framework: string
  index: number
  /** its CPU per request ÷ the reference's in the same burst, median over the bursts */
  ratio: number
  /** per burst */
  ratios: number[]
  /** its own CPU per request (unpaired figure), median over the bursts */
  cpuUsPerRequest: number
  /** requests per second it completed while sharing the core with the reference */
  reqPerSec: number
  /** the machine's 1-minute load average while it was measured (2 cores), median over bursts */
  loadAverage: number
}

export interface SteadyRow {
  scenario: string
  framework: string
  /** each process's CPU per request ÷ the reference's: the spread over the processes */
  ratio: Spread | null
  /** slowest process ÷ fastest, by that ratio */
  maxOverMin: number
  /** the unpaired figures, which the machine's load moves too */
  cpuUsPerRequest: Spread | null
  reqPerSec: Spread | null
  processes: SteadyProcess[]
}

interface Server {
  child: Child
  pid: number
  port: number
}

async function startServer(scenario: Scenario, framework: string): Promise<Server> {
  const isArbor = framework === 'arbor'
  const child = startChild({
    file: compiled(`servers/${framework}`),
    args: [scenario.name],
    cpu: canPin ? 1 : undefined,
    nodeFlags: [...nodeFlags, ...(isArbor ? arbor.nodeFlags : [])],
    env: isArbor ? { ARBOR_ENTRY: arbor.url } : {},
  })
  try {
    const ready = await child.firstJson(30_000)
    const server = { child, pid: Number(ready.pid), port: Number(ready.port) }
    const wrong = await checkAnswers(server.port, scenario.requests)
    if (wrong) throw new Error(`${framework}: wrong answer: ${wrong}`)
    return server
  } catch (error) {
    await child.stop()
    throw error
  }
}

async function oneProcess(
  scenario: Scenario,
  framework: string,
  index: number,
  reference: Server,
): Promise<SteadyProcess> {
  const server = await startServer(scenario, framework)
  try {
    // warmed alone, then with the reference, so both run at full speed when measured
    await warmUp(server.port, scenario.requests, { ...load, duration: Number(values.warmup) })
    await measurePair([server, reference], scenario.requests, load)
    const ratios: number[] = []
    const cpus: number[] = []
    const rates: number[] = []
    const others: number[] = []
    for (let round = 0; round < rounds; round++) {
      const pair = await measurePair([server, reference], scenario.requests, load)
      ratios.push(pair.cpu[0] / pair.cpu[1])
      cpus.push(pair.cpu[0])
      rates.push(pair.requests[0] / load.duration)
      others.push(loadavg()[0]!)
    }
    const median = (list: number[]) => spread(list)!.median
    return {
      framework,
      index,
      ratio: median(ratios),
      ratios,
      cpuUsPerRequest: median(cpus),
      reqPerSec: median(rates),
      loadAverage: median(others),
    }
  } finally {
    await server.child.stop()
  }
}

const rows: SteadyRow[] = []
for (const name of values.scenarios.split(',').filter(Boolean)) {
  const { scenario } = (await import(`./scenarios/${name}.ts`)) as { scenario: Scenario }
  const done = new Map<string, SteadyProcess[]>(frameworks.map((f) => [f, []]))
  const reference = await startServer(scenario, 'node')
  await warmUp(reference.port, scenario.requests, { ...load, duration: 3 })
  for (let index = 0; index < processes; index++) {
    // the framework that goes first alternates, so neither always follows the other
    const order = index % 2 === 0 ? frameworks : [...frameworks].reverse()
    for (const framework of order) {
      const p = await oneProcess(scenario, framework, index, reference)
      done.get(framework)!.push(p)
      log(
        `${name.padEnd(7)} ${framework.padEnd(9)} #${String(index + 1).padStart(2)}  ÷ node:http ${p.ratio.toFixed(3)} (${p.ratios.map((c) => c.toFixed(3)).join(' ')})  ${p.cpuUsPerRequest.toFixed(2)} µs/req  ${Math.round(p.reqPerSec)} req/s  load ${p.loadAverage.toFixed(1)}`,
      )
    }
  }
  await reference.child.stop()
  for (const framework of frameworks) {
    const list = done.get(framework)!
    const ratio = spread(list.map((p) => p.ratio))
    rows.push({
      scenario: name,
      framework,
      ratio,
      maxOverMin: ratio ? ratio.max / ratio.min : Number.NaN,
      cpuUsPerRequest: spread(list.map((p) => p.cpuUsPerRequest)),
      reqPerSec: spread(list.map((p) => p.reqPerSec)),
      processes: list,
    })
  }
}

const label = (f: string) => (f === 'fastify5' ? 'Fastify 5' : f === 'fastify4' ? 'Fastify 4' : f)
export function steadyTable(all: SteadyRow[]): string {
  const lines = [
    '| scenario | framework | processes | CPU/req ÷ node:http, fastest process | median | slowest | slowest ÷ fastest | CPU µs/req, median (min–max) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const r of all) {
    const q = r.ratio
    const c = r.cpuUsPerRequest
    if (!q || !c) continue
    lines.push(
      `| ${r.scenario} | ${label(r.framework)} | ${q.n} | ${q.min.toFixed(3)} | ${q.median.toFixed(3)} | ${q.max.toFixed(3)} | ${r.maxOverMin.toFixed(2)} | ${c.median.toFixed(2)} (${c.min.toFixed(2)}–${c.max.toFixed(2)}) |`,
    )
  }
  return lines.join('\n')
}

const loads = spread(rows.flatMap((r) => r.processes.map((p) => p.loadAverage)))
const result = {
  date: new Date().toISOString(),
  node: process.version,
  arbor: arbor.from,
  settings: {
    processes,
    warmup: Number(values.warmup),
    rounds,
    duration: load.duration,
    connections: load.connections,
    pipelining: load.pipelining,
    nodeFlags: nodeFlags.join(' '),
    nice: values.nice ?? 'unchanged',
    pinning: canPin ? 'servers on core 1, autocannon on core 0' : 'none',
  },
  conditions: {
    loadAverage: loads,
  },
  rows,
}
mkdirSync(`${ROOT}bench/results`, { recursive: true })
writeFileSync(resolve(ROOT, values.out), `${JSON.stringify(result, null, 2)}\n`)
console.log(`\n${steadyTable(rows)}\n`)
console.log(
  `load average (1 min, 2 cores) while measuring: ${loads ? `${loads.median.toFixed(1)} (${loads.min.toFixed(1)}–${loads.max.toFixed(1)})` : '–'}; at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; wrote ${values.out}`,
)
