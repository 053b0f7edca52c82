// Steady processes: is every process of a framework as fast as its others? A process can be
// fast or slow for its whole life (BENCHMARKS.md, "Steady processes"), so this starts N fresh
// server processes per framework and scenario, frameworks interleaved (A B A B ...: a drift of
// the machine's load reaches both), loads each alone on the server core, and reports the
// spread of their CPU per request: min, median, max and max ÷ min.
//   npm run bench:steady -- --processes 10 --nice=-10
//   npm run bench:steady -- --scenarios params --only arbor --node-flags=--no-allocation-site-pretenuring
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { arborEntry, build, compiled, ROOT } from './build.ts'
import { canPin, inOwnSession, isOwnSession, pinSelf, setNice, startChild } from './child.ts'
import { checkAnswers, type LoadOptions, type Measurement, measure, warmUp } from './load.ts'
import type { Scenario } from './scenario.ts'
import { type Spread, spread } from './stats.ts'

const USAGE = `npm run bench:steady -- [options]
  --processes N        fresh processes per framework and scenario (default 10)
  --scenarios a,b      (default hello,params,schema)
  --only a,b           frameworks: arbor, fastify4, fastify5 (default arbor,fastify5)
  --warmup S           seconds of load before measuring each process (default 2)
  --rounds N           measured bursts per process; its figure is their median (default 3)
  --duration S         seconds per burst (default 1.5)
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
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '1.5' },
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

/** One fresh process: its answers checked, warmed, then measured in `rounds` bursts. */
export interface SteadyProcess {
  framework: string
  index: number
  /** median over the bursts */
  cpuUsPerRequest: number
  reqPerSec: number
  /** per burst */
  cpus: number[]
  /** cores' worth of CPU other processes used, median over the bursts */
  otherCpuShare: number
  serverCpuShare: number
}

export interface SteadyRow {
  scenario: string
  framework: string
  cpuUsPerRequest: Spread | null
  /** slowest process ÷ fastest */
  maxOverMin: number
  reqPerSec: Spread | null
  processes: SteadyProcess[]
}

async function oneProcess(
  scenario: Scenario,
  framework: string,
  index: number,
): Promise<SteadyProcess> {
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
    const pid = Number(ready.pid)
    const port = Number(ready.port)
    const wrong = await checkAnswers(port, scenario.requests)
    if (wrong) throw new Error(`${framework}: wrong answer: ${wrong}`)
    await warmUp(port, scenario.requests, { ...load, duration: Number(values.warmup) })
    const runs: Measurement[] = []
    for (let round = 0; round < rounds; round++) {
      runs.push(await measure(pid, port, scenario.requests, load))
    }
    const median = (pick: (m: Measurement) => number) => spread(runs.map(pick))!.median
    return {
      framework,
      index,
      cpuUsPerRequest: median((m) => m.cpuUsPerRequest),
      reqPerSec: median((m) => m.reqPerSec),
      cpus: runs.map((m) => m.cpuUsPerRequest),
      otherCpuShare: median((m) => m.otherCpuShare),
      serverCpuShare: median((m) => m.serverCpuShare),
    }
  } finally {
    await child.stop()
  }
}

const rows: SteadyRow[] = []
for (const name of values.scenarios.split(',').filter(Boolean)) {
  const { scenario } = (await import(`./scenarios/${name}.ts`)) as { scenario: Scenario }
  const done = new Map<string, SteadyProcess[]>(frameworks.map((f) => [f, []]))
  for (let index = 0; index < processes; index++) {
    // the framework that goes first alternates, so neither always follows the other
    const order = index % 2 === 0 ? frameworks : [...frameworks].reverse()
    for (const framework of order) {
      const p = await oneProcess(scenario, framework, index)
      done.get(framework)!.push(p)
      log(
        `${name.padEnd(7)} ${framework.padEnd(9)} #${String(index + 1).padStart(2)}  ${p.cpuUsPerRequest.toFixed(2)} µs/req (${p.cpus.map((c) => c.toFixed(2)).join(' ')})  ${Math.round(p.reqPerSec)} req/s  busy ${Math.round(p.serverCpuShare * 100)}%  other ${Math.round(p.otherCpuShare * 100)}%`,
      )
    }
  }
  for (const framework of frameworks) {
    const list = done.get(framework)!
    const cpu = spread(list.map((p) => p.cpuUsPerRequest))
    rows.push({
      scenario: name,
      framework,
      cpuUsPerRequest: cpu,
      maxOverMin: cpu ? cpu.max / cpu.min : Number.NaN,
      reqPerSec: spread(list.map((p) => p.reqPerSec)),
      processes: list,
    })
  }
}

const label = (f: string) => (f === 'fastify5' ? 'Fastify 5' : f === 'fastify4' ? 'Fastify 4' : f)
export function steadyTable(all: SteadyRow[]): string {
  const lines = [
    '| scenario | framework | processes | CPU µs/req min | median | max | max ÷ min | req/s median |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const r of all) {
    const c = r.cpuUsPerRequest
    if (!c) continue
    lines.push(
      `| ${r.scenario} | ${label(r.framework)} | ${c.n} | ${c.min.toFixed(2)} | ${c.median.toFixed(2)} | ${c.max.toFixed(2)} | ${r.maxOverMin.toFixed(2)} | ${Math.round(r.reqPerSec!.median).toLocaleString('en-US')} |`,
    )
  }
  return lines.join('\n')
}

const other = spread(rows.flatMap((r) => r.processes.map((p) => p.otherCpuShare)))
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
    loadAverageAtEnd: loadavg(),
    otherCpuShare: other,
  },
  rows,
}
mkdirSync(`${ROOT}bench/results`, { recursive: true })
writeFileSync(`${ROOT}${values.out}`, `${JSON.stringify(result, null, 2)}\n`)
console.log(`\n${steadyTable(rows)}\n`)
console.log(
  `other processes used ${other ? `${Math.round(other.median * 100)}% (${Math.round(other.min * 100)}–${Math.round(other.max * 100)}%)` : '–'} of a core during the bursts; load average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; wrote ${values.out}`,
)
