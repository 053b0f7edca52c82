// What bench/curves writes (bench/results/curves.json) and how its samples are summarized:
// medians per framework and size, arbor's ratios to each Fastify per round, and where arbor's
// curve bends up faster than Fastify 5's between two sizes.
import { type Spread, spread } from '../lib/stats.ts'
import type { CurveLoad } from './curves.ts'

/** One framework in one measured round. */
export interface Sample {
  framework: string
  trial: number
  round: number
  cpuUsPerRequest: number
  requests: number
  reqPerSec: number
  peakRssBytes: number
  errors: number
  /** The process's factory-to-ready() time and RSS after ready() (one per trial). */
  readyMs: number
  readyRssBytes: number
}

export interface PointResult {
  size: number
  samples: Sample[]
  /** Frameworks that did not start or answered wrong at this size, with why. */
  failures: Record<string, string>
}

export interface CurveResult {
  /** When and how this curve was measured (a run of some curves keeps the others' stamps). */
  measured?: string
  name: string
  title: string
  axis: string
  description: string
  load: CurveLoad
  points: PointResult[]
}

export interface CurvesResults {
  date: string
  command: string
  machine: { cpu: string; cores: number; kernel: string; node: string }
  versions: Record<string, string>
  settings: {
    trials: number
    rounds: number
    duration: number
    frameworks: string[]
    nice: string
    pinning: string
  }
  curves: CurveResult[]
}

export interface FrameworkSummary {
  cpuUsPerRequest: Spread | null
  reqPerSec: Spread | null
  peakRssMB: Spread | null
  readyMs: Spread | null
  readyRssMB: Spread | null
  errors: number
}

export interface PointSummary {
  size: number
  frameworks: Record<string, FrameworkSummary | undefined>
  /** arbor ÷ base, per round (same window), by base framework. */
  ratios: Record<string, { cpu: Spread | null; requests: Spread | null } | undefined>
}

const MB = 1024 * 1024

export function summarizePoint(point: PointResult, frameworks: string[]): PointSummary {
  const summary: PointSummary = { size: point.size, frameworks: {}, ratios: {} }
  for (const framework of frameworks) {
    const mine = point.samples.filter((s) => s.framework === framework)
    if (!mine.length) continue
    // Start-up figures once per process (trial), not once per round.
    const firsts = mine.filter((s) => s.round === 0)
    summary.frameworks[framework] = {
      cpuUsPerRequest: spread(mine.map((s) => s.cpuUsPerRequest)),
      reqPerSec: spread(mine.map((s) => s.reqPerSec)),
      peakRssMB: spread(mine.map((s) => s.peakRssBytes / MB)),
      readyMs: spread(firsts.map((s) => s.readyMs)),
      readyRssMB: spread(firsts.map((s) => s.readyRssBytes / MB)),
      errors: mine.reduce((sum, s) => sum + s.errors, 0),
    }
  }
  for (const base of frameworks.filter((f) => f !== 'arbor')) {
    const cpu: number[] = []
    const requests: number[] = []
    for (const a of point.samples.filter((s) => s.framework === 'arbor')) {
      const b = point.samples.find(
        (s) => s.framework === base && s.trial === a.trial && s.round === a.round,
      )
      if (!b) continue
      cpu.push(a.cpuUsPerRequest / b.cpuUsPerRequest)
      requests.push(a.requests / b.requests)
    }
    if (cpu.length) summary.ratios[base] = { cpu: spread(cpu), requests: spread(requests) }
  }
  return summary
}

/**
 * The method's noise on a ratio of two ratios: an A/A run of the paired method gives ratios
 * 0.97–1.04, so one size's ratio over another's moves by up to 1.04 / 0.97 on noise alone.
 */
export const BEND_NOISE = 1.04 / 0.97

export interface Bend {
  metric: string
  from: number
  to: number
  /** How much arbor's figure grew from one size to the next, and Fastify 5's. */
  arborGrowth: number
  baseGrowth: number
  /**
   * CPU/req: arbor's paired ratio at `to` ÷ at `from`; start-up and memory: arbor's increment
   * ÷ Fastify 5's. Above BEND_NOISE arbor's curve rises faster than Fastify 5's.
   */
  bend: number
  flagged: boolean
}

type Metric = { name: string; of: (p: PointSummary, framework: string) => number | undefined }

/** The figures each curve is judged on: CPU per request always, start-up and memory where they grow. */
export function metricsOf(curve: string): Metric[] {
  const cpu: Metric = {
    name: 'CPU/req',
    of: (p, f) => p.frameworks[f]?.cpuUsPerRequest?.median,
  }
  if (curve === 'routes') {
    return [
      cpu,
      { name: 'ready ms', of: (p, f) => p.frameworks[f]?.readyMs?.median },
      { name: 'RSS after ready', of: (p, f) => p.frameworks[f]?.readyRssMB?.median },
    ]
  }
  if (curve === 'connections')
    return [cpu, { name: 'peak RSS', of: (p, f) => p.frameworks[f]?.peakRssMB?.median }]
  return [cpu]
}

/**
 * Between each two neighbouring sizes, and from the first size to the last. For CPU per
 * request the growth is taken from the paired ratio (arbor ÷ Fastify 5 in the same window),
 * which the machine's drift does not move; the others from the medians.
 */
export function bends(curve: string, points: PointSummary[], base = 'fastify5'): Bend[] {
  const out: Bend[] = []
  const pairs: Array<[PointSummary, PointSummary]> = []
  for (let i = 1; i < points.length; i++) pairs.push([points[i - 1]!, points[i]!])
  if (points.length > 2) pairs.push([points[0]!, points[points.length - 1]!])
  for (const metric of metricsOf(curve)) {
    for (const [a, b] of pairs) {
      const arborGrowth = metric.of(b, 'arbor')! / metric.of(a, 'arbor')!
      const baseGrowth = metric.of(b, base)! / metric.of(a, base)!
      let bend: number
      if (metric.name === 'CPU/req') {
        const ra = a.ratios[base]?.cpu?.median
        const rb = b.ratios[base]?.cpu?.median
        bend = ra !== undefined && rb !== undefined ? rb / ra : arborGrowth / baseGrowth
      } else {
        // Start-up and memory have a fixed part (the framework itself) that differs between
        // the two: what the size adds is the slope, arbor's increment ÷ Fastify 5's.
        bend =
          (metric.of(b, 'arbor')! - metric.of(a, 'arbor')!) /
          (metric.of(b, base)! - metric.of(a, base)!)
      }
      if (!Number.isFinite(bend)) continue
      out.push({
        metric: metric.name,
        from: a.size,
        to: b.size,
        arborGrowth,
        baseGrowth,
        bend,
        flagged: bend > BEND_NOISE,
      })
    }
  }
  return out
}
