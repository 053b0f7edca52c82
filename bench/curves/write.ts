// Writes the curves' charts (bench/results/curves/<curve>.svg) and their section of
// BENCHMARKS.md (between the curves markers), both from bench/results/curves.json's figures.
// `npx tsx bench/curves/write.ts [file]` redraws both from a saved JSON without measuring.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { ROOT } from '../lib/build.ts'
import type { Spread } from '../lib/stats.ts'
import {
  BEND_NOISE,
  bends,
  type CurveResult,
  type CurvesResults,
  type PointSummary,
  summarizePoint,
} from './results.ts'
import { chart, type Panel, type Series } from './svg.ts'

const COLORS: Record<string, string> = {
  arbor: '#2563eb',
  fastify5: '#dc2626',
  fastify4: '#9ca3af',
}
const LABELS: Record<string, string> = {
  arbor: 'arbor',
  fastify5: 'Fastify 5',
  fastify4: 'Fastify 4',
}
const CHART_DIR = 'bench/results/curves'
const BEGIN = '<!-- curves:begin (written by bench/curves; edit there) -->'
const END = '<!-- curves:end -->'

/** Curves whose x axis spans decades are drawn on a log axis. */
const X_LOG = new Set(['routes', 'body', 'response', 'connections'])
/** And those whose cost grows with the size, on a log y axis too. */
const Y_LOG = new Set(['body', 'response'])

function summaries(curve: CurveResult, frameworks: string[]): PointSummary[] {
  return curve.points.map((p) => summarizePoint(p, frameworks))
}

function series(
  points: PointSummary[],
  frameworks: string[],
  value: (p: PointSummary, f: string) => number | undefined,
): Series[] {
  return frameworks.map((f) => ({
    name: LABELS[f] ?? f,
    color: COLORS[f] ?? '#000000',
    dashed: f === 'fastify4',
    points: points.map((p): [number, number] => [p.size, value(p, f) ?? Number.NaN]),
  }))
}

function panels(curve: CurveResult, frameworks: string[]): Panel[] {
  const points = summaries(curve, frameworks)
  const xLog = X_LOG.has(curve.name)
  const axis = { xLabel: curve.axis, xLog }
  const list: Panel[] = [
    {
      title: 'CPU per request',
      yLabel: 'µs of server CPU / request',
      yLog: Y_LOG.has(curve.name),
      yFromZero: !Y_LOG.has(curve.name),
      ...axis,
      series: series(points, frameworks, (p, f) => p.frameworks[f]?.cpuUsPerRequest?.median),
    },
    {
      title: 'arbor ÷ Fastify, CPU/req (paired)',
      yLabel: 'ratio (below 1: arbor cheaper)',
      ...axis,
      band: { from: 0.97, to: 1.04, label: 'A/A noise 0.97–1.04' },
      series: series(
        points,
        frameworks.filter((f) => f !== 'arbor'),
        (p, f) => p.ratios[f]?.cpu?.median,
      ).map((s) => ({ ...s, name: `arbor ÷ ${s.name}` })),
    },
  ]
  if (curve.name === 'routes') {
    list.push(
      {
        title: 'Start-up (factory to ready())',
        yLabel: 'ms',
        yFromZero: true,
        ...axis,
        series: series(points, frameworks, (p, f) => p.frameworks[f]?.readyMs?.median),
      },
      {
        title: 'RSS after ready()',
        yLabel: 'MB',
        yFromZero: true,
        ...axis,
        series: series(points, frameworks, (p, f) => p.frameworks[f]?.readyRssMB?.median),
      },
    )
  }
  if (curve.name === 'connections') {
    list.push({
      title: 'Peak RSS under load',
      yLabel: 'MB',
      yFromZero: true,
      ...axis,
      series: series(points, frameworks, (p, f) => p.frameworks[f]?.peakRssMB?.median),
    })
  }
  list.push({
    title: 'Requests per second (sharing a core)',
    yLabel: 'req/s',
    yLog: Y_LOG.has(curve.name),
    yFromZero: !Y_LOG.has(curve.name),
    ...axis,
    series: series(points, frameworks, (p, f) => p.frameworks[f]?.reqPerSec?.median),
  })
  return list
}

export function writeCharts(results: CurvesResults): string[] {
  mkdirSync(`${ROOT}${CHART_DIR}`, { recursive: true })
  return results.curves.map((curve) => {
    const file = `${CHART_DIR}/${curve.name}.svg`
    writeFileSync(`${ROOT}${file}`, chart(panels(curve, results.settings.frameworks)))
    return file
  })
}

const fixed = (s: Spread | null | undefined, digits: number) => (s ? s.median.toFixed(digits) : '–')
const ranged = (s: Spread | null | undefined) =>
  s ? `${s.median.toFixed(2)} (${s.min.toFixed(2)}–${s.max.toFixed(2)})` : '–'

function table(curve: CurveResult, frameworks: string[]): string {
  const points = summaries(curve, frameworks)
  const bases = frameworks.filter((f) => f !== 'arbor')
  const extra =
    curve.name === 'routes'
      ? ['ready ms', 'RSS MB after ready']
      : curve.name === 'connections'
        ? ['peak RSS MB']
        : []
  const head = [
    curve.axis,
    ...frameworks.map((f) => `${LABELS[f]} µs/req`),
    ...bases.map((b) => `arbor ÷ ${LABELS[b]} CPU/req`),
    ...bases.map((b) => `arbor ÷ ${LABELS[b]} requests`),
    ...frameworks.flatMap((f) => extra.map((e) => `${LABELS[f]} ${e}`)),
  ]
  const rows = points.map((p) => {
    const failed = curve.points.find((x) => x.size === p.size)!.failures
    const cell = (f: string, text: string) => (failed[f] ? 'failed' : text)
    return [
      p.size.toLocaleString('en-US'),
      ...frameworks.map((f) => cell(f, fixed(p.frameworks[f]?.cpuUsPerRequest, 2))),
      ...bases.map((b) => cell(b, ranged(p.ratios[b]?.cpu))),
      ...bases.map((b) => cell(b, fixed(p.ratios[b]?.requests, 2))),
      ...frameworks.flatMap((f) =>
        extra.map((e) => {
          const s = p.frameworks[f]
          const v =
            e === 'ready ms' ? s?.readyMs : e === 'peak RSS MB' ? s?.peakRssMB : s?.readyRssMB
          return cell(f, fixed(v, e === 'ready ms' ? 0 : 1))
        }),
      ),
    ]
  })
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

function bendLines(curve: CurveResult, frameworks: string[]): string {
  if (!frameworks.includes('fastify5')) return ''
  const list = bends(curve.name, summaries(curve, frameworks))
  const flagged = list.filter((b) => b.flagged)
  const worst = list
    .filter((b) => b.metric === 'CPU/req')
    .reduce((m, b) => Math.max(m, b.bend), Number.NEGATIVE_INFINITY)
  const parts = [
    `Slope against Fastify 5, CPU/req (arbor ÷ Fastify 5 at one size ÷ the same at the size before; 1 = parallel): ${list
      .filter((b) => b.metric === 'CPU/req')
      .map(
        (b) =>
          `${b.from.toLocaleString('en-US')} → ${b.to.toLocaleString('en-US')} ${b.bend.toFixed(2)}`,
      )
      .join(', ')}; largest ${Number.isFinite(worst) ? worst.toFixed(2) : '–'}.`,
  ]
  for (const b of list.filter((x) => x.metric !== 'CPU/req')) {
    parts.push(
      `${b.metric} ${b.from.toLocaleString('en-US')} → ${b.to.toLocaleString('en-US')}: arbor's increment ÷ Fastify 5's ${b.bend.toFixed(2)}.`,
    )
  }
  parts.push(
    flagged.length
      ? `Above ${BEND_NOISE.toFixed(3)}: ${flagged.map((b) => `${b.metric} ${b.from.toLocaleString('en-US')} → ${b.to.toLocaleString('en-US')} ${b.bend.toFixed(3)}`).join('; ')}.`
      : `No step bends up faster than Fastify 5's by more than the noise (${BEND_NOISE.toFixed(3)}).`,
  )
  return parts.join(' ')
}

export function curvesMarkdown(results: CurvesResults): string {
  const s = results.settings
  const frameworks = s.frameworks
  const parts = [
    BEGIN,
    '## Scale curves (issue 24)',
    '',
    `How cost grows with the app: six curves, each a series of sizes, arbor beside Fastify 5 and Fastify 4 on the same app. Generated by \`bench/curves\` on ${results.date} (Node ${results.machine.node}, fastify 5 ${results.versions.fastify5}, fastify 4 ${results.versions.fastify4}); reproduce with:`,
    '',
    '```sh',
    results.command,
    '```',
    '',
    `Method: for each size, ${s.trials} trial(s) of fresh processes, one per framework, started one after the other on the server core (start-up and RSS are read in each); after a warm-up, ${s.rounds} rounds of ${s.duration} s load all of them at the same moment (autocannon on the other core), the starting order rotating. *µs/req* is each server's CPU time over the window ÷ its requests completed, median over rounds; the ratios are taken per round (same window, the paired method) and their median (min–max) reported; *requests* is the ratio of requests completed in the same window while the servers shared one core (a throughput ratio). The noise of the paired ratio in an A/A run is 0.97–1.04, so a step where arbor's ratio grows by more than ${BEND_NOISE.toFixed(3)} (1.04 ÷ 0.97) is a bend beyond noise. Pinning: ${s.pinning}; nice ${s.nice}. The machine is 2 cores shared with other work, so absolute figures move between runs; the ratios are the steadier figure.`,
    '',
  ]
  for (const curve of results.curves) {
    parts.push(
      `### ${curve.title}`,
      '',
      `${curve.description} Load per server: ${curve.name === 'connections' ? 'N' : curve.load.connections} connections, pipelining ${curve.load.pipelining}.${curve.measured ? ` Measured ${curve.measured}.` : ''}`,
      '',
      `![${curve.title}](${CHART_DIR}/${curve.name}.svg)`,
      '',
      table(curve, frameworks),
      '',
      bendLines(curve, frameworks),
      '',
    )
  }
  parts.push(END)
  return parts.join('\n')
}

/** Replaces the curves section of BENCHMARKS.md, or puts it before the first scenario's. */
export function writeMarkdown(results: CurvesResults): void {
  const file = `${ROOT}BENCHMARKS.md`
  const text = readFileSync(file, 'utf8')
  const section = curvesMarkdown(results)
  const begin = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  let next: string
  if (begin >= 0 && end > begin) {
    next = text.slice(0, begin) + section + text.slice(end + END.length)
  } else {
    const at = text.indexOf('\n## hello')
    next =
      at >= 0
        ? `${text.slice(0, at + 1)}${section}\n\n${text.slice(at + 1)}`
        : `${text}\n${section}\n`
  }
  writeFileSync(file, next)
}

// Run directly: redraw the charts and the section from a saved JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const from = process.argv[2] ?? 'bench/results/curves.json'
  const results = JSON.parse(readFileSync(`${ROOT}${from}`, 'utf8')) as CurvesResults
  console.log(writeCharts(results).join('\n'))
  writeMarkdown(results)
  console.log('BENCHMARKS.md: curves section written')
}
