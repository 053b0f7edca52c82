// The paired table on several Node lines, side by side: `npx tsx bench/lab/node-lines.ts
// results/node20.json results/node24.json results/node26.json`. Each file is a bench/load/run.ts
// result (run with `--node PATH`); the table gives, per scenario and Node line, arbor ÷ Fastify 5
// CPU per request over the paired rounds, median (min–max), and the requests-completed ratio
// (a run made with --paired-warmup says so in its headings).
import { readFileSync } from 'node:fs'
import { spread } from '../lib/stats.ts'
import type { Results } from '../load/results.ts'

const files = process.argv.slice(2)
if (!files.length) throw new Error('usage: npx tsx bench/lab/node-lines.ts <result.json>...')
const runs = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Results)
const base = 'fastify5'
const scenarios = [...new Set(runs.flatMap((r) => r.paired.map((p) => p.scenario)))]
const order = ['hello', 'params', 'nested', 'plugins', 'async', 'schema']
scenarios.sort((a, b) => order.indexOf(a) - order.indexOf(b))

const cell = (values: number[] | undefined) => {
  const s = values && spread(values)
  return s ? `${s.median.toFixed(2)} (${s.min.toFixed(2)}–${s.max.toFixed(2)})` : '–'
}
// a run whose fresh pairs were loaded longer than a round before being measured says so
const label = (r: Results) => {
  const warm = r.settings.pairedWarmup
  const settled = warm !== undefined && warm !== r.settings.pairedDuration
  return `Node ${r.machine.node}${settled ? `, pairs warmed ${warm} s` : ''}`
}
const head = [
  'scenario',
  ...runs.map((r) => `${label(r)}: CPU/req ÷ F5`),
  ...runs.map((r) => `${label(r)}: requests ÷ F5`),
]
const line = (cells: string[]) => `| ${cells.join(' | ')} |`
const rows = scenarios.map((scenario) => {
  const rowOf = (r: Results) =>
    r.paired.find((p) => p.scenario === scenario && p.framework === 'arbor' && p.base === base)
  return [
    scenario,
    ...runs.map((r) => cell(rowOf(r)?.ratios)),
    ...runs.map((r) => {
      const s = spread(rowOf(r)?.reqRatios ?? [])
      return s ? s.median.toFixed(2) : '–'
    }),
  ]
})
console.log([line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n'))
