// The targets the issues set for arbor, checked against the medians of a run: issue 7
// (against Fastify 4 and node:http) and issue 12 (against Fastify 4 and Fastify 5, the
// schema route, and the start-up of 1,000 schema'd routes).

import { fixed, table } from '../lib/format.ts'
import { type Baseline, baseLabel } from '../lib/frameworks.ts'
import type { StartupRow, StartupVariant } from '../startup/run.ts'
import type { Results, Summary } from './results.ts'

interface Target {
  what: string
  /** Median of the per-round ratios, rows measured one after the other (or the one figure). */
  value: number | undefined
  /** Median of the paired ratios (both loaded at once: CPU/req, or requests completed); it decides. */
  paired?: number | undefined
  limit: number
  atLeast: boolean
  /** Shown after the limit, e.g. ` ms` for a target that is not a ratio. */
  unit?: string
}

function arborOf(results: Results, scenario: string): Summary | undefined {
  return results.scenarios
    .find((s) => s.name === scenario)
    ?.summaries.find((s) => s.framework === 'arbor')
}

/** req/s at least `reqAtLeast` times the base's, CPU/req at most `cpuAtMost` times. */
function loadTargets(
  results: Results,
  scenario: string,
  base: Baseline,
  reqAtLeast: number | null,
  cpuAtMost: number | null,
): Target[] {
  const arbor = arborOf(results, scenario)
  const name = baseLabel(base)
  const list: Target[] = []
  if (reqAtLeast !== null) {
    list.push({
      what: `${scenario}: req/s ÷ ${name}`,
      value: arbor?.ratios[base]?.reqPerSec?.median,
      paired: arbor?.pairedReq?.[base]?.median,
      limit: reqAtLeast,
      atLeast: true,
    })
  }
  if (cpuAtMost !== null) {
    list.push({
      what: `${scenario}: CPU/req ÷ ${name}`,
      value: arbor?.ratios[base]?.cpuUsPerRequest?.median,
      paired: arbor?.paired?.[base]?.median,
      limit: cpuAtMost,
      atLeast: false,
    })
  }
  return list
}

function startupOf(
  results: Results,
  framework: string,
  variant: StartupVariant,
): StartupRow | undefined {
  return results.startup.find(
    (r) => r.framework === framework && (r.variant ?? 'plain') === variant && !r.failure,
  )
}

const div = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b !== undefined ? a / b : undefined

/** Issue 7's targets: the four scenarios against Fastify 4 (hello also node:http), start-up. */
export function issue7Targets(results: Results): string {
  const list: Target[] = []
  for (const scenario of ['hello', 'params', 'nested', 'plugins']) {
    list.push(...loadTargets(results, scenario, 'fastify4', 1, 1))
    if (scenario === 'hello') list.push(...loadTargets(results, scenario, 'node', 0.95, 1.05))
  }
  const arbor = startupOf(results, 'arbor', 'plain')
  const f4 = startupOf(results, 'fastify4', 'plain')
  list.push(
    {
      what: 'startup (plain): ready ÷ fastify 4',
      value: div(arbor?.readyMs?.median, f4?.readyMs?.median),
      limit: 0.8,
      atLeast: false,
    },
    {
      what: 'startup (plain): RSS ÷ fastify 4',
      value: div(arbor?.rssBytes?.median, f4?.rssBytes?.median),
      limit: 1,
      atLeast: false,
    },
  )
  return render(list)
}

/**
 * Issue 12's targets: the schema route against both Fastify versions, the four scenarios at
 * least level with both, and the start-up of 1,000 schema'd routes against Fastify 4.
 */
export function issue12Targets(results: Results): string {
  const list: Target[] = [
    ...loadTargets(results, 'schema', 'fastify4', 1.25, null),
    ...loadTargets(results, 'schema', 'fastify5', 1.05, 0.95),
  ]
  for (const scenario of ['hello', 'params', 'nested', 'plugins']) {
    for (const base of ['fastify4', 'fastify5'] as const) {
      list.push(...loadTargets(results, scenario, base, 1, 1))
    }
  }
  const arbor = startupOf(results, 'arbor', 'schema')
  const f4 = startupOf(results, 'fastify4', 'schema')
  list.push(
    {
      what: 'startup (schema): process start → ready ÷ fastify 4',
      value: div(arbor?.processMs?.median, f4?.processMs?.median),
      limit: 0.33,
      atLeast: false,
    },
    {
      what: 'startup (schema): RSS after ready ÷ fastify 4',
      value: div(arbor?.rssBytes?.median, f4?.rssBytes?.median),
      limit: 0.6,
      atLeast: false,
    },
    {
      what: 'startup (schema): first request to a route − a warm request (median over routes)',
      value: arbor?.firstOverWarmMs?.median,
      limit: 2,
      atLeast: false,
      unit: ' ms',
    },
  )
  return render(list)
}

function render(list: Target[]): string {
  const number = (n: number | undefined) => (n === undefined ? '–' : fixed(2)(n))
  return table(
    ['target', 'wanted', 'one after the other (median)', 'paired (median)', 'met'],
    list.map((t) => {
      const decisive = t.paired ?? t.value
      const met =
        decisive === undefined
          ? '–'
          : (t.atLeast ? decisive >= t.limit : decisive <= t.limit)
            ? 'yes'
            : 'no'
      return [
        t.what,
        `${t.atLeast ? '≥' : '≤'} ${t.limit.toFixed(2)}${t.unit ?? ''}`,
        number(t.value),
        number(t.paired),
        met,
      ]
    }),
  )
}
