// Renders a run's results as tables: the console and the run's full tables file (bench/results/
// <name>.md) use the same Markdown.

import { fixed, int, mb, percent, show, table } from '../lib/format.ts'
import { BASELINES, baseLabel, FRAMEWORKS } from '../lib/frameworks.ts'
import { coldStartTable } from '../startup/cold-table.ts'
import { STARTUP_VARIANTS, type StartupRow, type StartupVariant } from '../startup/run.ts'
import type { Results, ScenarioResult, Summary } from './results.ts'
import { issue7Targets, issue12Targets } from './targets.ts'

function scenarioRow(s: Summary): string[] {
  const ratioCells = BASELINES.flatMap((base) => [
    show(s.ratios[base]?.reqPerSec ?? null, fixed(2)),
    show(s.ratios[base]?.cpuUsPerRequest ?? null, fixed(2)),
  ])
  if (!s.reqPerSec)
    return [
      s.label,
      `FAILED: ${s.failures[0] ?? 'no measurement'}`,
      '',
      '',
      '',
      '',
      '',
      ...ratioCells.map(() => ''),
    ]
  const note = [
    s.failures.length ? `${s.failures.length} round(s) failed` : '',
    s.badResponses ? `${s.badResponses} errors/non-2xx` : '',
  ]
    .filter(Boolean)
    .join(', ')
  return [
    note ? `${s.label} (${note})` : s.label,
    show(s.reqPerSec, int),
    show(s.cpuUsPerRequest, fixed(2)),
    show(s.p99Ms, int),
    show(s.rssBytes, mb),
    show(s.serverCpuShare, percent),
    show(s.otherCpuShare, percent),
    ...ratioCells,
  ]
}

export function scenarioTable(result: ScenarioResult): string {
  const rows = table(
    [
      'framework',
      'req/s',
      'CPU µs/req',
      'p99 ms',
      'RSS MB',
      'server busy',
      'other procs',
      ...BASELINES.flatMap((base) => [`req/s ÷ ${baseLabel(base)}`, `CPU ÷ ${baseLabel(base)}`]),
    ],
    result.summaries.map(scenarioRow),
  )
  const paired = result.summaries.flatMap((s) =>
    BASELINES.flatMap((base) => {
      const ratio = s.paired?.[base]
      if (!ratio) return []
      const req = s.pairedReq?.[base]
      const throughput = req ? `, requests completed ${show(req, fixed(2))}` : ''
      return [
        `${s.label} ÷ ${baseLabel(base)}: CPU/req ${show(ratio, fixed(2))}${throughput} (${ratio.n} rounds)`,
      ]
    }),
  )
  if (!paired.length) return rows
  return `${rows}\n\nPaired (both servers loaded at the same time on one core): ${paired.join('; ')}.`
}

/** Rows of one startup variant; results from before variants existed are all `plain`. */
export function startupRows(rows: StartupRow[], variant: StartupVariant): StartupRow[] {
  return rows.filter((r) => (r.variant ?? 'plain') === variant)
}

export function startupTable(all: StartupRow[], variant: StartupVariant = 'plain'): string {
  const rows = startupRows(all, variant)
  const ratio = (row: StartupRow, key: 'readyMs' | 'processMs' | 'rssBytes', base: string) => {
    const mine = row[key]?.median
    const theirs = rows.find((r) => r.framework === base)?.[key]?.median
    return mine !== undefined && theirs ? (mine / theirs).toFixed(2) : '–'
  }
  const ms = fixed(1)
  const cold = rows.some((r) => r.coldStartMs) ? `${coldStartTable(rows, label)}\n\n` : ''
  return `${cold}${table(
    [
      'framework',
      'import ms',
      'ready() ms',
      'process start → ready ms',
      'RSS after ready MB',
      'process → ready ÷ fastify 4',
      '÷ fastify 5',
      'RSS ÷ fastify 4',
      '÷ fastify 5',
      'first request ms',
      'warm request ms',
      'first − warm ms (worst)',
    ],
    rows.map((row) =>
      row.failure
        ? [label(row.framework), `FAILED: ${row.failure}`, '', '', '', '', '', '', '', '', '', '']
        : [
            label(row.framework),
            show(row.importMs, ms),
            show(row.readyMs, ms),
            show(row.processMs, ms),
            show(row.rssBytes, mb),
            ratio(row, 'processMs', 'fastify4'),
            ratio(row, 'processMs', 'fastify5'),
            ratio(row, 'rssBytes', 'fastify4'),
            ratio(row, 'rssBytes', 'fastify5'),
            show(row.firstRequestMs ?? null, fixed(2)),
            show(row.warmRequestMs ?? null, fixed(2)),
            row.firstOverWarmMs
              ? `${fixed(2)(row.firstOverWarmMs.median)} (${fixed(2)(row.firstOverWarmMaxMs?.median ?? Number.NaN)})`
              : '–',
          ],
    ),
  )}`
}

function label(framework: string): string {
  return FRAMEWORKS.find((f) => f.name === framework)?.label ?? framework
}

/**
 * A run's full tables (machine, every scenario's rows, start-up, the issues' targets), written
 * beside its JSON; BENCHMARKS.md carries the answer block (answer.ts) and links here.
 */
export function detailMarkdown(results: Results): string {
  const m = results.machine
  const s = results.settings
  const versions = Object.entries(results.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ')
  const parts = [
    '# Benchmarks: every table of one run',
    '',
    `arbor side by side with the frameworks a user would pick instead, measured in one run on one machine. Generated by \`bench/load/run.ts\` on ${results.date}; reproduce with:`,
    '',
    '```sh',
    results.command,
    '```',
    '',
    'The answer drawn from these tables is in [BENCHMARKS.md](../../BENCHMARKS.md); what each column means, and why the paired figures are the ones to judge by: [docs/performance-method.md](../../docs/performance-method.md#how-to-read-the-tables).',
    '',
    '## Machine and versions',
    '',
    `- CPU: ${m.cpu}, ${m.cores} cores (\`nproc\`), Linux ${m.kernel}`,
    `- Node ${m.node}`,
    `- ${versions}`,
    `- Load: autocannon ${results.versions.autocannon}, ${s.connections} connections, pipelining ${s.pipelining}. Per scenario, one server process per framework is started, its answers are checked, and ${s.warmup} s of load warms it up; then ${s.rounds} round(s) of ${s.duration} s measured bursts, frameworks interleaved (A B C … A B C …), so each round compares frameworks loaded seconds apart`,
    `- Pinning: ${s.pinning}; nice level of the runner and servers: ${s.nice}`,
    '',
  ]
  for (const scenario of results.scenarios) {
    parts.push(`## ${scenario.name}`, '', scenario.description, '', scenarioTable(scenario), '')
  }
  if (results.startup.length) {
    parts.push(
      '## startup',
      '',
      `1,000 routes over 50 plugins, in two variants: *plain*, GET routes without schemas (half static, half parametric), and *schema*, POST routes each with its own body schema and response schema (property names carry the route's number, so no two routes share a schema). Each run is a fresh process pinned to the server core; median (min–max) of ${s.startupRuns} runs per framework and variant, interleaved. The first table of each variant is the cold start, measured from outside by the runner: *cold start* runs from spawning the process to the first byte of the answer to its first request (sent on a fresh connection to a route halfway down the table as soon as the process says it listens), which a serverless platform pays on every cold start; *first request* is that request alone, from sending it to the first byte; *first request in the server* from its arrival to the end of its answer. *import ms* is loading the framework module; *ready() ms* runs from the factory call to \`ready()\` resolving; *process start → ready* is both plus Node's own boot, from the process's time origin. *RSS after ready* is read right after \`ready()\`. Then, in the same process, the request path is warmed on one route and 20 other routes spread over the plugins get their first request (\`inject\`), then three more each: *first request* and *warm request* are medians over those routes, *first − warm* is the median over routes of the difference (in parentheses the worst route), each the median over runs.`,
      '',
    )
    for (const variant of STARTUP_VARIANTS) {
      if (!startupRows(results.startup, variant).length) continue
      parts.push(`### ${variant}`, '', startupTable(results.startup, variant), '')
    }
  }
  if (results.scenarios.some((sc) => sc.summaries.some((x) => x.framework === 'arbor'))) {
    parts.push('## Issue 12 targets', '', issue12Targets(results), '')
    parts.push('## Issue 7 targets', '', issue7Targets(results), '')
  }
  return parts.join('\n')
}
