// The scale curves: `npm run bench:curves [-- --quick] [--curves routes,body] [--node PATH]`.
// For each curve and size, fresh server processes of arbor, Fastify 5 and Fastify 4 (the same
// app on each) are started one after the other (start-up and RSS are read from each), their
// answers checked, then loaded at the same moment on the server core, rounds interleaved, the
// starting order rotating: each framework's CPU per request and requests completed come from
// the same windows, so their ratio is steady while the machine's speed drifts. Writes
// bench/results/curves.json, one SVG chart per curve, the tables beside the JSON (curves.md) and
// the curves block of BENCHMARKS.md.
import { existsSync, readFileSync } from 'node:fs'
import { availableParallelism, release } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { arborEntry, build, compiled, ROOT, writeResults } from '../lib/build.ts'
import {
  type Child,
  canPin,
  inOwnSession,
  isOwnSession,
  pinSelf,
  setNice,
  startChild,
  useNode,
} from '../lib/child.ts'
import { checkAnswers } from '../lib/load.ts'
import { CURVES, type Curve, curveNamed, loadAt } from './curves.ts'
import { writeMarkdown } from './markdown.ts'
import { type Holder, measureGroup, startHolder } from './measure.ts'
import {
  type CurveResult,
  type CurvesResults,
  type PointResult,
  summarizePoint,
} from './results.ts'
import { writeCharts } from './write.ts'

const argv = process.argv.slice(2)
const { values } = parseArgs({
  args: argv,
  options: {
    quick: { type: 'boolean', default: false },
    curves: { type: 'string' },
    only: { type: 'string' },
    trials: { type: 'string' },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    node: { type: 'string' },
    nice: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string' },
    'no-md': { type: 'boolean', default: false },
    md: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})
if (values.help) {
  console.log(`usage: npm run bench:curves [-- options]
  --quick           the first and last size of each curve, 1 trial of 2 rounds of 1 s
  --curves a,b      ${CURVES.map((c) => c.name).join(',')} (default all)
  --only a,b        arbor,fastify5,fastify4 (default all three; arbor must be one)
  --trials N        fresh process groups per size (default 2)
  --rounds N        measured rounds per trial (default 3)
  --duration S      seconds per round (default 1.5)
  --node PATH       the Node binary the servers run on (default the runner's own)
  --nice=N          nice level of a session of its own (e.g. -10)
  --no-build        do not rebuild dist/ and bench/dist/
  --out FILE        JSON output, relative to the repository or absolute (default bench/results/curves.json, curves-quick.json with --quick)
  --no-md           do not rewrite the charts, curves.md and the curves block of BENCHMARKS.md
  --md              rewrite them after a --quick run too (a full run does by default)`)
  process.exit(0)
}
if (values.nice !== undefined && !isOwnSession) await inOwnSession(argv)

const quick = values.quick
const trials = Number(values.trials ?? (quick ? 1 : 2))
const rounds = Number(values.rounds ?? (quick ? 2 : 3))
const duration = Number(values.duration ?? (quick ? 1 : 1.5))
const frameworks = (values.only ?? 'arbor,fastify5,fastify4').split(',').map((s) => s.trim())
if (!frameworks.includes('arbor')) throw new Error('--only must include arbor')
const curves = values.curves ? values.curves.split(',').map(curveNamed) : CURVES

const started = Date.now()
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`)

const pinned = canPin && availableParallelism() >= 2
if (pinned) pinSelf(0)
if (values.nice !== undefined) setNice(Number(values.nice))
if (!values['no-build']) build(log)
const serverNode = values.node ? useNode(values.node) : process.version
const arbor = arborEntry()
log(`servers on Node ${serverNode}, arbor from ${arbor.from}`)

interface Running {
  framework: string
  child: Child
  pid: number
  port: number
  readyMs: number
  rssBytes: number
}

async function start(framework: string, curve: Curve, size: number): Promise<Running> {
  const isArbor = framework === 'arbor'
  const child = startChild({
    file: compiled('curves/server'),
    args: [framework, curve.name, String(size)],
    cpu: pinned ? 1 : undefined,
    nodeFlags: isArbor ? arbor.nodeFlags : [],
    env: isArbor ? { ARBOR_ENTRY: arbor.url } : {},
  })
  try {
    const ready = await child.firstJson(120_000)
    const running = {
      framework,
      child,
      pid: Number(ready.pid),
      port: Number(ready.port),
      readyMs: Number(ready.readyMs),
      rssBytes: Number(ready.rssBytes),
    }
    // Every request once: checks each answer, and takes each route's first request (which may
    // compile it) out of the measured windows; the first request is bench/startup's figure.
    const wrong = await checkAnswers(running.port, curve.requests(size))
    if (wrong) throw new Error(`wrong answer: ${wrong}`)
    return running
  } catch (error) {
    await child.stop()
    throw error
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function measurePoint(curve: Curve, size: number): Promise<PointResult> {
  const requests = curve.requests(size)
  const load = loadAt(curve, size)
  const seconds = Math.max(duration, curve.minSeconds ?? 0)
  const point: PointResult = { size, samples: [], failures: {} }
  for (let trial = 0; trial < trials; trial++) {
    // The order the servers start in (and so their place in memory and the page cache) rotates.
    const order = frameworks.map((_, i) => frameworks[(i + trial) % frameworks.length]!)
    const servers: Running[] = []
    const holders = new Map<Running, Holder>()
    try {
      for (const framework of order) {
        if (point.failures[framework]) continue
        try {
          servers.push(await start(framework, curve, size))
        } catch (error) {
          point.failures[framework] = (error as Error).message.slice(0, 300)
          log(`${curve.name} ${size} ${framework}: FAILED ${point.failures[framework]}`)
        }
      }
      if (!servers.some((s) => s.framework === 'arbor') || servers.length < 2) break
      if (curve.loaderProcesses) {
        for (const s of servers)
          holders.set(s, await startHolder(s.port, requests[0]!, load.connections))
      }
      const holdersOf = (group: Running[]) =>
        curve.loaderProcesses ? group.map((s) => holders.get(s)!) : null
      await measureGroup(servers, requests, load, Math.min(duration, 1.5), holdersOf(servers))
      await pause(500)
      for (let round = 0; round < rounds; round++) {
        // Whose load starts first rotates, so no server always has the edge.
        const shift = round % servers.length
        const group = servers.map((_, i) => servers[(i + shift) % servers.length]!)
        const m = await measureGroup(group, requests, load, seconds, holdersOf(group))
        group.forEach((s, i) => {
          point.samples.push({
            framework: s.framework,
            trial,
            round,
            cpuUsPerRequest: m.cpuUsPerRequest[i]!,
            requests: m.requests[i]!,
            reqPerSec: m.reqPerSec[i]!,
            peakRssBytes: m.peakRssBytes[i]!,
            errors: m.errors[i]!,
            readyMs: s.readyMs,
            readyRssBytes: s.rssBytes,
          })
        })
      }
    } finally {
      for (const h of holders.values()) h.stop()
      await Promise.all(servers.map((s) => s.child.stop()))
    }
  }
  return point
}

const results: CurveResult[] = []
for (const curve of curves) {
  const sizes = quick ? curve.quickSizes : curve.sizes
  const points: PointResult[] = []
  for (const size of sizes) {
    const point = await measurePoint(curve, size)
    points.push(point)
    const summary = summarizePoint(point, frameworks)
    log(
      `${curve.name.padEnd(11)} ${String(size).padStart(6)}  ${frameworks
        .map((f) => {
          const s = summary.frameworks[f]
          return s
            ? `${f} ${s.cpuUsPerRequest?.median.toFixed(2)} µs/req ${Math.round(s.reqPerSec?.median ?? 0)} req/s`
            : `${f} -`
        })
        .join('  ')}  arbor÷F5 CPU ${summary.ratios.fastify5?.cpu?.median.toFixed(3) ?? '-'}`,
    )
  }
  results.push({
    measured: `${new Date().toISOString()}, Node ${serverNode}, ${trials} trial(s) × ${rounds} round(s) of ${Math.max(duration, curve.minSeconds ?? 0)} s`,
    name: curve.name,
    title: curve.title,
    axis: curve.axis,
    description: curve.description,
    load: curve.load,
    points,
  })
}

const cpuModel =
  /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? 'unknown'
const version = (name: string) => {
  try {
    return (
      JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, 'utf8')) as {
        version: string
      }
    ).version
  } catch {
    return 'missing'
  }
}
const output: CurvesResults = {
  date: new Date().toISOString(),
  command: `npm run bench:curves${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
  machine: { cpu: cpuModel, cores: availableParallelism(), kernel: release(), node: serverNode },
  versions: {
    fastify5: version('fastify5'),
    fastify4: version('fastify4'),
    autocannon: version('autocannon'),
  },
  settings: {
    trials,
    rounds,
    duration,
    frameworks,
    nice: values.nice ?? 'unchanged',
    pinning: pinned ? 'servers on core 1, load (autocannon) on core 0' : 'none',
  },
  curves: results,
}
const out = values.out ?? `bench/results/${quick ? 'curves-quick' : 'curves'}.json`
// --curves re-measures some curves: the others stay as the file has them (their own run's date
// and settings are then not this run's; each curve keeps its `measured` stamp).
if (values.curves && existsSync(resolve(ROOT, out))) {
  const previous = JSON.parse(readFileSync(resolve(ROOT, out), 'utf8')) as CurvesResults
  const fresh = new Map(results.map((c) => [c.name, c]))
  output.curves = CURVES.map(
    (c) => fresh.get(c.name) ?? previous.curves.find((p) => p.name === c.name),
  ).filter((c): c is CurveResult => c !== undefined)
}
writeResults(out, output)
log(`wrote ${out}`)
if (values.md || (!quick && !values['no-md'])) {
  const charts = writeCharts(output)
  log(`wrote ${charts.join(', ')}`)
  log(`wrote ${writeMarkdown(output, out)} and the curves block of BENCHMARKS.md`)
}
