// The benchmark runner: `npm run bench` (full) and `npm run bench:quick`. Servers run as
// child processes pinned to one core; autocannon runs here, pinned to the other.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism, release } from 'node:os'
import { arborEntry, build, compiled, ROOT, writeResults } from '../lib/build.ts'
import { canPin, inOwnSession, isOwnSession, pinSelf, setNice, useNode } from '../lib/child.ts'
import { BASELINES, FRAMEWORKS, supports } from '../lib/frameworks.ts'
import type { Scenario } from '../lib/scenario.ts'
import { installZodProvider } from '../lib/zod-provider.ts'
import { runStartup } from '../startup/run.ts'
import { readConfig, resultName, USAGE } from './config.ts'
import { scenarioTable, startupRows, startupTable } from './report.ts'
import { type LoadRow, type PairedRow, type Results, summarize } from './results.ts'
import { runScenario } from './rounds.ts'
import { issue7Targets, issue12Targets } from './targets.ts'
import { writeMarkdown } from './write.ts'

const argv = process.argv.slice(2)
const config = readConfig(argv)
if (!config) {
  console.log(USAGE)
  process.exit(0)
}

if (config.nice !== undefined && !isOwnSession) await inOwnSession(argv)

const started = Date.now()
const log = (line: string) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4)
  console.log(`[${seconds}s] ${line}`)
}

// autocannon here on core 0, every server on core 1.
const cores = availableParallelism()
const pinned = canPin && cores >= 2
const LOAD_CPU = 0
const SERVER_CPU = pinned ? 1 : undefined
if (pinned) pinSelf(LOAD_CPU)
if (config.nice !== undefined) setNice(config.nice)
// The servers' Node (--node); the runner and autocannon stay on this one.
const serverNode = config.node ? useNode(config.node) : process.version

// The source the build is made from: read before building, since src/ may change during a run.
const arborCommit = git(['rev-parse', '--short', 'HEAD'])
const arborDirty = git(['status', '--porcelain', '--', 'src']) ? ' + uncommitted src changes' : ''
if (config.build) {
  log('building dist/ (tsc -p tsconfig.build.json) and bench/dist/')
  build(log)
}
const arbor = arborEntry()
log(`arbor runs from ${arbor.from}`)

async function loadScenarios(): Promise<Scenario[]> {
  const names = readdirSync(new URL('../scenarios/', import.meta.url))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -3))
    .sort()
  for (const name of config!.scenarios) {
    if (!names.includes(name))
      throw new Error(`unknown scenario: ${name} (have ${names.join(', ')})`)
  }
  const wanted = config!.scenarios.length ? config!.scenarios : names
  // hello first, then the rest by name, so the table reads from the simplest case.
  wanted.sort((a, b) => (a === 'hello' ? -1 : b === 'hello' ? 1 : 0))
  const modules = await Promise.all(
    wanted.map((name) => import(`../scenarios/${name}.ts`) as Promise<{ scenario: Scenario }>),
  )
  return modules.map((m) => m.scenario)
}

function describe(row: LoadRow): string {
  const where = `r${row.round} ${row.scenario.padEnd(8)} ${row.framework.padEnd(9)}`
  const m = row.measurement
  if (!m) return `${where} FAILED ${row.failure}`
  const bad = m.errors + m.non2xx ? `  ${m.errors} errors ${m.non2xx} non-2xx` : ''
  return `${where} ${Math.round(m.reqPerSec).toString().padStart(7)} req/s  ${m.cpuUsPerRequest.toFixed(2).padStart(6)} µs/req  p99 ${m.p99Ms} ms  busy ${Math.round(m.serverCpuShare * 100)}%  loader ${Math.round(m.loadCpuShare * 100)}%  other ${Math.round(m.otherCpuShare * 100)}%  rss ${(m.rssBytes / 1048576).toFixed(1)} MB${bad}`
}

function packageVersion(name: string): string {
  try {
    const json = JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, 'utf8')) as {
      version: string
    }
    return json.version
  } catch {
    return 'missing'
  }
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

function cpuModel(): string {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')
  return /^model name\s*:\s*(.*)$/m.exec(cpuinfo)?.[1]?.trim() ?? 'unknown'
}

const frameworks = FRAMEWORKS.filter((f) => config.frameworks.includes(f.name))
const labels = Object.fromEntries(
  FRAMEWORKS.map((f) => [
    f.name,
    f.name === 'arbor' && arbor.from !== 'dist' ? `arbor (${arbor.from})` : f.label,
  ]),
)
const scenarios = config.loadScenarios ? await loadScenarios() : []
const rows: LoadRow[] = []
const paired: PairedRow[] = []
for (const scenario of scenarios) {
  const mine = frameworks.filter((f) => supports(scenario, f))
  if (mine.some((f) => f.name === 'fastify5-zod')) installZodProvider()
  const result = await runScenario(scenario, mine, {
    rounds: config.rounds,
    warmup: config.warmup,
    duration: config.duration,
    connections: config.connections,
    pipelining: config.pipelining,
    cpu: SERVER_CPU,
    arbor,
    serverFile: (name) => compiled(`servers/${name}`),
    pairedRounds: config.pairedRounds,
    pairedDuration: config.pairedDuration,
    pairedWarmup: config.pairedWarmup,
    pairs: { subject: 'arbor', bases: [...BASELINES] },
    log: (row) => log(describe(row)),
    logPair: (row) =>
      log(
        `paired ${row.scenario.padEnd(8)} ${row.framework} ÷ ${row.base}: CPU/req ratios ${row.ratios.map((r) => r.toFixed(3)).join(' ')}; requests ${row.reqRatios.map((r) => r.toFixed(3)).join(' ')}`,
      ),
  })
  rows.push(...result.rows)
  paired.push(...result.paired)
}

const startup = config.startup
  ? await runStartup({
      frameworks: config.frameworks,
      variants: config.startupVariants,
      runs: config.startupRuns,
      cpu: SERVER_CPU,
      arbor,
      log,
    })
  : []

const name = resultName(config, argv)
const out = config.out ?? `bench/results/${name}.json`
const results: Results = {
  date: new Date().toISOString(),
  command: config.command,
  machine: {
    cpu: cpuModel(),
    cores,
    kernel: release(),
    node: serverNode,
  },
  versions: {
    arbor: `${JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).version} (commit ${arborCommit}${arborDirty}, from ${arbor.from})`,
    ...Object.fromEntries(
      [...new Set(FRAMEWORKS.flatMap((f) => f.packages))].map((name) => [
        name === 'fastify4' ? 'fastify 4' : name === 'fastify5' ? 'fastify 5' : name,
        packageVersion(name),
      ]),
    ),
    autocannon: packageVersion('autocannon'),
  },
  settings: {
    rounds: config.rounds,
    warmup: config.warmup,
    duration: config.duration,
    connections: config.connections,
    pipelining: config.pipelining,
    startupRuns: config.startupRuns,
    pairedRounds: config.pairedRounds,
    pairedDuration: config.pairedDuration,
    pairedWarmup: config.pairedWarmup,
    nice: config.nice ?? 'unchanged',
    pinning: pinned
      ? `server processes on core ${SERVER_CPU}, autocannon (the runner) on core ${LOAD_CPU}, with taskset`
      : 'none (taskset missing or a single core)',
    out,
    frameworks: frameworks.map((f) => f.name).join(','),
  },
  scenarios: scenarios.map((s) => summarize(s, rows, paired, labels)),
  startup,
  rows,
  paired,
}

console.log('')
for (const scenario of results.scenarios) {
  console.log(`## ${scenario.name}: ${scenario.description}\n\n${scenarioTable(scenario)}\n`)
}
for (const variant of config.startupVariants) {
  if (startupRows(startup, variant).length)
    console.log(`## startup (${variant})\n\n${startupTable(startup, variant)}\n`)
}
if (frameworks.some((f) => f.name === 'arbor')) {
  console.log(`## issue 12 targets\n\n${issue12Targets(results)}\n`)
  console.log(`## issue 7 targets\n\n${issue7Targets(results)}\n`)
}

const disturbed = rows.filter((r) => (r.measurement?.otherCpuShare ?? 0) > 0.1).length
if (disturbed) {
  log(
    `note: in ${disturbed} of ${rows.length} rows other processes used more than 10% of a core; ${config.nice === undefined ? 'on a shared machine, --nice=-10 helps' : 'compare within rounds'}`,
  )
}

writeResults(out, results)
log(`wrote ${out}`)
if (name === 'latest' || config.markdown) {
  log(`wrote ${writeMarkdown(results, out)} and the answer block of BENCHMARKS.md`)
}
