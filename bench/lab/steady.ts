// Steady processes: is every process of a framework as fast as its others? A process can be
// fast or slow for its whole life (BENCHMARKS.md, "Steady processes"), so this starts N fresh
// server processes per framework and scenario, frameworks interleaved (A B A B ...: a drift of
// the machine's load reaches both), and reports the spread of their CPU per request: min,
// median, max and max ÷ min. Each process is loaded paired with one long-lived node:http
// server (the reference, started once per scenario), both on the server core at the same
// moment: the ratio of their CPU per request does not see the shared machine's speed drift
// from one process to the next, which moves unpaired figures by more than the spread sought.
// A state that lasts a process's life shows whenever it is measured, a disturbance of the
// machine only while it lasts: so each process is looked at twice, its second look after the
// next process's first, and its figure is the better look (both are kept in the results).
//   npm run bench:steady -- --processes 10 --nice=-10
//   npm run bench:steady -- --scenarios params --only arbor --node-flags=--no-allocation-site-pretenuring
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { arborEntry, build, compiled, writeResults } from '../lib/build.ts'
import {
  type Child,
  canPin,
  inOwnSession,
  isOwnSession,
  pinSelf,
  setNice,
  startChild,
} from '../lib/child.ts'
import { checkAnswers, type LoadOptions, measurePair, warmUp } from '../lib/load.ts'
import type { Scenario } from '../lib/scenario.ts'
import { type Spread, spread } from '../lib/stats.ts'

const USAGE = `npm run bench:steady -- [options]
  --processes N        fresh processes per framework and scenario (default 10)
  --scenarios a,b      (default hello,params,schema)
  --only a,b           frameworks: arbor, fastify4, fastify5 (default arbor,fastify5)
  --warmup S           seconds of load before measuring each process (default 2)
  --looks N            times each process is measured, the next process's first look between
                       two of them; its figure is the best look's (default 2; 1 measures
                       each process once, the method of the runs before 2026-11-26 evening)
  --rounds N           paired bursts per look (default 3; their median is the look's figure)
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
    looks: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
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
const looks = Math.max(1, Number(values.looks))

if (canPin) pinSelf(0)
if (values.nice !== undefined) setNice(Number(values.nice))
const started = Date.now()
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`)
if (!values['no-build']) build(log)
const arbor = arborEntry()

/** One fresh process: its answers checked, warmed, then measured in `looks` of `rounds` bursts. */
export interface SteadyProcess {
  framework: string
  index: number
  /** its CPU per request ÷ the reference's in the same burst: the best look's median */
  ratio: number
  /** each look's median of that ratio, in the order they were taken */
  looks: number[]
  /** per burst, all looks */
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
  /** the same from each process's first look alone: one window each, as a single look gives */
  firstLookMaxOverMin: number
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

/** A process started and warmed, its looks gathered until it is stopped. */
interface Live {
  server: Server
  framework: string
  index: number
  looks: number[]
  ratios: number[]
  cpus: number[]
  rates: number[]
  loads: number[]
}

async function startMeasured(scenario: Scenario, framework: string, index: number): Promise<Live> {
  const server = await startServer(scenario, framework)
  try {
    // warmed alone here; each look warms it with the reference first
    await warmUp(server.port, scenario.requests, { ...load, duration: Number(values.warmup) })
  } catch (error) {
    await server.child.stop()
    throw error
  }
  return { server, framework, index, looks: [], ratios: [], cpus: [], rates: [], loads: [] }
}

const median = (list: number[]) => spread(list)!.median

/** `rounds` paired bursts after one unmeasured: a process that sat idle runs at speed again. */
async function look(live: Live, scenario: Scenario, reference: Server): Promise<void> {
  await measurePair([live.server, reference], scenario.requests, load)
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    const pair = await measurePair([live.server, reference], scenario.requests, load)
    ratios.push(pair.cpu[0] / pair.cpu[1])
    live.cpus.push(pair.cpu[0])
    live.rates.push(pair.requests[0] / load.duration)
    live.loads.push(loadavg()[0]!)
  }
  live.ratios.push(...ratios)
  live.looks.push(median(ratios))
}

async function finish(live: Live): Promise<SteadyProcess> {
  await live.server.child.stop()
  return {
    framework: live.framework,
    index: live.index,
    ratio: Math.min(...live.looks),
    looks: live.looks,
    ratios: live.ratios,
    cpuUsPerRequest: median(live.cpus),
    reqPerSec: median(live.rates),
    loadAverage: median(live.loads),
  }
}

const rows: SteadyRow[] = []
for (const name of values.scenarios.split(',').filter(Boolean)) {
  const { scenario } = (await import(`../scenarios/${name}.ts`)) as { scenario: Scenario }
  const done = new Map<string, SteadyProcess[]>(frameworks.map((f) => [f, []]))
  const reference = await startServer(scenario, 'node')
  await warmUp(reference.port, scenario.requests, { ...load, duration: 3 })
  const report = (p: SteadyProcess) => {
    done.get(p.framework)!.push(p)
    log(
      `${name.padEnd(7)} ${p.framework.padEnd(9)} #${String(p.index + 1).padStart(2)}  ÷ node:http ${p.ratio.toFixed(3)}  looks ${p.looks.map((c) => c.toFixed(3)).join(' ')}  (${p.ratios.map((c) => c.toFixed(2)).join(' ')})  ${p.cpuUsPerRequest.toFixed(2)} µs/req  ${Math.round(p.reqPerSec)} req/s  load ${p.loadAverage.toFixed(1)}`,
    )
  }
  // Every look after a process's first waits for the next fresh process's first look: at most
  // two framework processes are alive at once, and a process's looks are ~10 s apart.
  let waiting: Live | undefined
  let fresh: Live | undefined
  const completeLooks = async (live: Live) => {
    while (live.looks.length < looks) await look(live, scenario, reference)
    report(await finish(live))
  }
  try {
    for (let index = 0; index < processes; index++) {
      // the framework that goes first alternates, so neither always follows the other
      const order = index % 2 === 0 ? frameworks : [...frameworks].reverse()
      for (const framework of order) {
        fresh = await startMeasured(scenario, framework, index)
        await look(fresh, scenario, reference)
        if (waiting) await completeLooks(waiting)
        waiting = fresh
        fresh = undefined
        if (looks === 1) {
          await completeLooks(waiting)
          waiting = undefined
        }
      }
    }
    if (waiting) await completeLooks(waiting)
    waiting = undefined
  } finally {
    // a failed measurement leaves no server behind
    for (const live of [fresh, waiting]) if (live) await live.server.child.stop()
  }
  for (const framework of frameworks) done.get(framework)!.sort((a, b) => a.index - b.index)
  await reference.child.stop()
  for (const framework of frameworks) {
    const list = done.get(framework)!
    const ratio = spread(list.map((p) => p.ratio))
    rows.push({
      scenario: name,
      framework,
      ratio,
      maxOverMin: maxOverMin(list.map((p) => p.ratio)),
      firstLookMaxOverMin: maxOverMin(list.map((p) => p.looks[0]!)),
      cpuUsPerRequest: spread(list.map((p) => p.cpuUsPerRequest)),
      reqPerSec: spread(list.map((p) => p.reqPerSec)),
      processes: list,
    })
  }
}

function maxOverMin(list: number[]): number {
  const s = spread(list)
  return s ? s.max / s.min : Number.NaN
}

const label = (f: string) => (f === 'fastify5' ? 'Fastify 5' : f === 'fastify4' ? 'Fastify 4' : f)
export function steadyTable(all: SteadyRow[]): string {
  const lines = [
    '| scenario | framework | processes | CPU/req ÷ node:http, fastest process | median | slowest | slowest ÷ fastest | first looks only | CPU µs/req, median (min–max) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const r of all) {
    const q = r.ratio
    const c = r.cpuUsPerRequest
    if (!q || !c) continue
    lines.push(
      `| ${r.scenario} | ${label(r.framework)} | ${q.n} | ${q.min.toFixed(3)} | ${q.median.toFixed(3)} | ${q.max.toFixed(3)} | ${r.maxOverMin.toFixed(2)} | ${r.firstLookMaxOverMin.toFixed(2)} | ${c.median.toFixed(2)} (${c.min.toFixed(2)}–${c.max.toFixed(2)}) |`,
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
    looks,
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
writeResults(values.out, result)
console.log(`\n${steadyTable(rows)}\n`)
console.log(
  `load average (1 min, 2 cores) while measuring: ${loads ? `${loads.median.toFixed(1)} (${loads.min.toFixed(1)}–${loads.max.toFixed(1)})` : '–'}; at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; wrote ${values.out}`,
)
