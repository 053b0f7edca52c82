// Draws the curves' charts (bench/results/curves/<curve>.svg) from bench/results/curves.json's
// figures. `npx tsx bench/curves/write.ts [file]` redraws them, the tables beside the JSON and the
// curves block of BENCHMARKS.md (markdown.ts) from a saved JSON without measuring.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { ROOT } from '../lib/build.ts'
import { CHART_DIR, LABELS, summaries, writeMarkdown } from './markdown.ts'
import type { CurveResult, CurvesResults, PointSummary } from './results.ts'
import { chart, type Panel, type Series } from './svg.ts'

const COLORS: Record<string, string> = {
  arbor: '#2563eb',
  fastify5: '#dc2626',
  fastify4: '#9ca3af',
}

/** Curves whose x axis spans decades are drawn on a log axis. */
const X_LOG = new Set(['routes', 'body', 'response', 'connections'])
/** And those whose cost grows with the size, on a log y axis too. */
const Y_LOG = new Set(['body', 'response'])

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

// Run directly: redraw the charts and the section from a saved JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const from = process.argv[2] ?? 'bench/results/curves.json'
  const results = JSON.parse(readFileSync(`${ROOT}${from}`, 'utf8')) as CurvesResults
  console.log(writeCharts(results).join('\n'))
  console.log(`${writeMarkdown(results, from)} and the curves block of BENCHMARKS.md written`)
}
