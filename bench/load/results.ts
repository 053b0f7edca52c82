// The shape of a run's results (what bench/results/*.json holds) and how rounds become
// medians, spreads and ratios.
import { BASELINES, type Baseline, FRAMEWORKS } from '../lib/frameworks.ts'
import type { Measurement } from '../lib/load.ts'
import { type Spread, spread } from '../lib/stats.ts'
import type { StartupRow } from '../startup/run.ts'

export interface LoadRow {
  scenario: string
  framework: string
  round: number
  measurement: Measurement | null
  failure: string | null
}

/** The subject's CPU per request divided by the base's, each round both loaded at once. */
export interface PairedRow {
  scenario: string
  framework: string
  base: string
  /** CPU per request, subject ÷ base, one per round. */
  ratios: number[]
  /** Requests completed in the shared window, subject ÷ base, one per round. */
  reqRatios: number[]
}

export interface Ratio {
  reqPerSec: Spread | null
  cpuUsPerRequest: Spread | null
}

export interface Summary {
  scenario: string
  framework: string
  label: string
  rounds: number
  failures: string[]
  reqPerSec: Spread | null
  p99Ms: Spread | null
  rssBytes: Spread | null
  cpuUsPerRequest: Spread | null
  serverCpuShare: Spread | null
  otherCpuShare: Spread | null
  /** Load errors and non-2xx answers summed over the rounds (should be 0). */
  badResponses: number
  /** Per-round ratio to each baseline, then median and spread over the rounds. */
  ratios: Record<Baseline, Ratio>
  /** CPU per request ÷ each baseline's, measured paired (both loaded at once); arbor only. */
  paired: Record<Baseline, Spread | null>
  /** Requests completed ÷ each baseline's in the same paired window; arbor only. */
  pairedReq: Record<Baseline, Spread | null>
}

export interface ScenarioResult {
  name: string
  description: string
  summaries: Summary[]
}

export interface Results {
  date: string
  command: string
  machine: Record<string, string | number>
  versions: Record<string, string>
  settings: Record<string, string | number | boolean>
  scenarios: ScenarioResult[]
  startup: StartupRow[]
  rows: LoadRow[]
  paired: PairedRow[]
}

function ratio(rows: LoadRow[], framework: string, base: string): Ratio {
  const req: number[] = []
  const cpu: number[] = []
  for (const row of rows) {
    if (row.framework !== framework || !row.measurement) continue
    const other = rows.find((r) => r.framework === base && r.round === row.round)?.measurement
    if (!other) continue
    req.push(row.measurement.reqPerSec / other.reqPerSec)
    cpu.push(row.measurement.cpuUsPerRequest / other.cpuUsPerRequest)
  }
  return { reqPerSec: spread(req), cpuUsPerRequest: spread(cpu) }
}

export function summarize(
  scenario: { name: string; description: string },
  rows: LoadRow[],
  paired: PairedRow[],
  labels: Record<string, string>,
): ScenarioResult {
  const pairedWith = (framework: string, base: string, key: 'ratios' | 'reqRatios' = 'ratios') => {
    const row = paired.find(
      (p) => p.scenario === scenario.name && p.framework === framework && p.base === base,
    )
    return row ? spread(row[key] ?? []) : null
  }
  const mine = rows.filter((r) => r.scenario === scenario.name)
  const order = FRAMEWORKS.map((f) => f.name).filter((name) =>
    mine.some((r) => r.framework === name),
  )
  const summaries = order.map((framework): Summary => {
    const runs = mine.filter((r) => r.framework === framework)
    const measured = runs.flatMap((r) => (r.measurement ? [r.measurement] : []))
    const of = (key: keyof Measurement) => spread(measured.map((m) => m[key]))
    return {
      scenario: scenario.name,
      framework,
      label: labels[framework] ?? framework,
      rounds: runs.length,
      failures: runs.flatMap((r) => (r.failure ? [`round ${r.round}: ${r.failure}`] : [])),
      reqPerSec: of('reqPerSec'),
      p99Ms: of('p99Ms'),
      rssBytes: of('rssBytes'),
      cpuUsPerRequest: of('cpuUsPerRequest'),
      serverCpuShare: of('serverCpuShare'),
      otherCpuShare: of('otherCpuShare'),
      badResponses: measured.reduce((n, m) => n + m.errors + m.non2xx, 0),
      ratios: perBase((base) => ratio(mine, framework, base)),
      paired: perBase((base) => pairedWith(framework, base)),
      pairedReq: perBase((base) => pairedWith(framework, base, 'reqRatios')),
    }
  })
  return { name: scenario.name, description: scenario.description, summaries }
}

function perBase<T>(of: (base: Baseline) => T): Record<Baseline, T> {
  return Object.fromEntries(BASELINES.map((base) => [base, of(base)])) as Record<Baseline, T>
}
