// The block of BENCHMARKS.md that `npm run bench` writes: one table, arbor's paired ratios to
// Fastify 5, Fastify 4 and node:http with their bands, beside every framework's CPU per request.
// The run's full tables go to their own file (report.ts), linked from the block.
import { fixed, show, table } from '../lib/format.ts'
import type { Baseline } from '../lib/frameworks.ts'
import type { Block } from '../lib/markdown-block.ts'
import type { Results, ScenarioResult } from './results.ts'

export const ANSWER_BLOCK: Block = {
  begin: '<!-- bench:begin (written by npm run bench, bench/load/answer.ts; edit there) -->',
  end: '<!-- bench:end -->',
}

const PAIRED: Baseline[] = ['fastify5', 'fastify4', 'node']
/** The frameworks of the µs columns, in the order a reader compares them. */
const COLUMNS = ['arbor', 'fastify5', 'fastify4', 'hono', 'express', 'node']
const TITLES: Record<string, string> = {
  arbor: 'arbor',
  fastify5: 'Fastify 5',
  fastify4: 'Fastify 4',
  hono: 'Hono',
  express: 'Express 5',
  node: 'node:http',
}

function row(scenario: ScenarioResult, columns: string[]): string[] {
  const of = (framework: string) => scenario.summaries.find((s) => s.framework === framework)
  const arbor = of('arbor')
  return [
    scenario.name,
    ...PAIRED.map((base) => show(arbor?.paired?.[base] ?? null, fixed(2))),
    ...columns.map((framework) => {
      const cpu = of(framework)?.cpuUsPerRequest
      return cpu ? fixed(2)(cpu.median) : '–'
    }),
  ]
}

/** The block's body; `detail` is the path of the run's full tables, relative to the page. */
export function answerMarkdown(results: Results, detail: string): string {
  const m = results.machine
  const v = results.versions
  const columns = COLUMNS.filter((f) =>
    results.scenarios.some((s) => s.summaries.some((x) => x.framework === f)),
  )
  const versions = columns
    .filter((f) => f !== 'arbor' && f !== 'node')
    .map((f) => {
      const pkg = f === 'fastify5' ? 'fastify 5' : f === 'fastify4' ? 'fastify 4' : f
      return `${TITLES[f]} ${v[pkg] ?? '?'}`
    })
  const descriptions = results.scenarios.map((s) => `*${s.name}*: ${s.description}`)
  return [
    '### Per request',
    '',
    `Run ${results.date.slice(0, 10)} on ${m.cpu}, ${m.cores} cores, Linux ${m.kernel}; Node ${m.node}; arbor ${v.arbor}; ${versions.join(', ')}. Reproduce: \`${results.command}\`. Every row of the run (req/s, p99, RSS, how busy each server was, the issues' targets): [${detail}](${detail}).`,
    '',
    table(
      [
        'scenario',
        ...PAIRED.map((base) => `arbor ÷ ${TITLES[base]}, paired`),
        ...columns.map((f) => `${TITLES[f]} µs/req`),
      ],
      results.scenarios.map((s) => row(s, columns)),
    ),
    '',
    `*arbor ÷ X, paired*: arbor's CPU time per request ÷ X's, both servers loaded at the same time on one core, median (min–max) over ${results.settings.pairedRounds} rounds on fresh pairs of processes; below 1.00 arbor is cheaper. An A/A run (a framework against itself) reads 0.97–1.04: a ratio inside that band is a tie. *µs/req*: each server's CPU time per request, median of ${results.settings.rounds} interleaved rounds, one process each; the machine's drift moves such single rows by up to ±30%, so rank by the paired columns. –: the scenario has no setup for that framework.`,
    '',
    descriptions.join('; '),
  ].join('\n')
}
