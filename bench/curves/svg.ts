// A small SVG line-chart writer for the bench's figures: one or more panels side by side, each
// with its series, axes with round ticks (linear or log), a legend, and an optional shaded band
// (e.g. the noise of the method around a ratio of 1). Plain strings, no dependencies.

export interface Series {
  name: string
  color: string
  /** [x, y] pairs; a NaN y is left out. */
  points: Array<[number, number]>
  dashed?: boolean
}

export interface Panel {
  title: string
  xLabel: string
  yLabel: string
  xLog?: boolean
  yLog?: boolean
  /** Force the y axis to include 0 (linear axes only). */
  yFromZero?: boolean
  series: Series[]
  /** A horizontal band shaded behind the series, e.g. [0.97, 1.04]. */
  band?: { from: number; to: number; label: string }
}

const WIDTH = 420
const HEIGHT = 300
const MARGIN = { left: 62, right: 14, top: 34, bottom: 74 }
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"'

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A number as a tick label: 1.5k, 10k, 2M, 0.25. */
export function shortNumber(value: number): string {
  const abs = Math.abs(value)
  const trim = (n: number) => String(Number(n.toPrecision(3)))
  if (abs >= 1e6) return `${trim(value / 1e6)}M`
  if (abs >= 1e3) return `${trim(value / 1e3)}k`
  return trim(value)
}

interface Scale {
  at(value: number): number
  ticks: number[]
}

/** 1, 2, 5 × 10^k steps giving about `count` ticks over [min, max]. */
function linearTicks(min: number, max: number, count: number): number[] {
  const raw = (max - min) / count
  if (!(raw > 0) || !Number.isFinite(raw)) return [min]
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw
  const ticks: number[] = []
  for (let t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step) {
    ticks.push(Number(t.toPrecision(12)))
  }
  return ticks
}

function logTicks(min: number, max: number): number[] {
  const ticks: number[] = []
  if (!(min > 0) || !Number.isFinite(max)) return ticks
  for (let p = Math.floor(Math.log10(min)); p <= Math.ceil(Math.log10(max)); p++) {
    for (const m of [1, 2, 5]) {
      const t = m * 10 ** p
      if (t >= min * 0.999 && t <= max * 1.001) ticks.push(t)
    }
  }
  // Decades only when 1-2-5 would crowd the axis.
  return ticks.length > 8 ? ticks.filter((t) => Number.isInteger(Math.log10(t))) : ticks
}

function scale(values: number[], log: boolean, from: number, to: number, zero: boolean): Scale {
  let min = Math.min(...values)
  let max = Math.max(...values)
  if (log) {
    const lo = Math.log10(min)
    const hi = Math.log10(max)
    const pad = hi - lo < 0.3 ? (0.3 - (hi - lo)) / 2 : 0
    const [a, b] = [lo - pad, hi + pad]
    return {
      at: (v) => from + ((Math.log10(v) - a) / (b - a || 1)) * (to - from),
      ticks: logTicks(10 ** a, 10 ** b),
    }
  }
  if (zero) min = Math.min(0, min)
  if (max === min) {
    max += Math.abs(max) * 0.1 || 1
    min -= zero ? 0 : Math.abs(min) * 0.1 || 1
  }
  const ticks = linearTicks(min, max, 5)
  const a = Math.min(min, ticks[0]!)
  const b = Math.max(max, ticks[ticks.length - 1]!)
  return { at: (v) => from + ((v - a) / (b - a)) * (to - from), ticks }
}

/** A value the panel can place: finite, and above 0 on a log axis. */
const plotted = (p: Panel, y: number) => Number.isFinite(y) && (!p.yLog || y > 0)

function panel(p: Panel, dx: number): string {
  const left = dx + MARGIN.left
  const right = dx + WIDTH - MARGIN.right
  const top = MARGIN.top
  const bottom = HEIGHT - MARGIN.bottom
  const points = p.series.flatMap((s) => s.points.filter(([, y]) => plotted(p, y)))
  const ys = points.map(([, y]) => y)
  if (p.band) ys.push(p.band.from, p.band.to)
  const xs = points.map(([x]) => x)
  if (!points.length) return ''
  const x = scale(xs, p.xLog ?? false, left, right, false)
  const y = scale(ys, p.yLog ?? false, bottom, top, p.yFromZero ?? false)
  const out: string[] = []
  out.push(
    `<text x="${dx + WIDTH / 2}" y="20" text-anchor="middle" font-size="14" font-weight="600">${xml(p.title)}</text>`,
  )
  if (p.band) {
    const y1 = y.at(p.band.to)
    const y2 = y.at(p.band.from)
    out.push(
      `<rect x="${left}" y="${y1.toFixed(1)}" width="${right - left}" height="${(y2 - y1).toFixed(1)}" fill="#9ca3af" fill-opacity="0.22"/>`,
      `<text x="${right - 4}" y="${(y1 - 3).toFixed(1)}" text-anchor="end" font-size="10" fill="#6b7280">${xml(p.band.label)}</text>`,
    )
  }
  for (const t of y.ticks) {
    const py = y.at(t).toFixed(1)
    out.push(
      `<line x1="${left}" x2="${right}" y1="${py}" y2="${py}" stroke="#e5e7eb"/>`,
      `<text x="${left - 6}" y="${py}" dy="0.32em" text-anchor="end" font-size="11" fill="#374151">${shortNumber(t)}</text>`,
    )
  }
  const xTicks = [...new Set(xs)].sort((a, b) => a - b)
  for (const t of xTicks) {
    const px = x.at(t).toFixed(1)
    out.push(
      `<line x1="${px}" x2="${px}" y1="${top}" y2="${bottom}" stroke="#f3f4f6"/>`,
      `<text x="${px}" y="${bottom + 16}" text-anchor="middle" font-size="11" fill="#374151">${shortNumber(t)}</text>`,
    )
  }
  out.push(
    `<line x1="${left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="#6b7280"/>`,
    `<line x1="${left}" x2="${left}" y1="${top}" y2="${bottom}" stroke="#6b7280"/>`,
    `<text x="${(left + right) / 2}" y="${bottom + 34}" text-anchor="middle" font-size="12" fill="#111827">${xml(p.xLabel)}${p.xLog ? ' (log)' : ''}</text>`,
    `<text transform="translate(${dx + 14} ${(top + bottom) / 2}) rotate(-90)" text-anchor="middle" font-size="12" fill="#111827">${xml(p.yLabel)}${p.yLog ? ' (log)' : ''}</text>`,
  )
  for (const s of p.series) {
    const pts = s.points.filter(([, v]) => plotted(p, v))
    if (!pts.length) continue
    const path = pts.map(([a, b]) => `${x.at(a).toFixed(1)},${y.at(b).toFixed(1)}`).join(' ')
    out.push(
      `<polyline points="${path}" fill="none" stroke="${s.color}" stroke-width="2.2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
    )
    for (const [a, b] of pts) {
      out.push(
        `<circle cx="${x.at(a).toFixed(1)}" cy="${y.at(b).toFixed(1)}" r="3.2" fill="${s.color}"/>`,
      )
    }
  }
  // Legend under the x label, one entry per series.
  let lx = left
  for (const s of p.series) {
    const ly = bottom + 54
    out.push(
      `<line x1="${lx}" x2="${lx + 18}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="2.5"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      `<text x="${lx + 22}" y="${ly}" dy="0.32em" font-size="11" fill="#111827">${xml(s.name)}</text>`,
    )
    lx += 30 + s.name.length * 6.4
  }
  return out.join('\n')
}

/** An SVG document with the panels in rows of at most `columns`. */
export function chart(panels: Panel[], columns = 3): string {
  const across = Math.min(columns, panels.length)
  const rows = Math.ceil(panels.length / across)
  const width = WIDTH * across
  const height = HEIGHT * rows
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...panels.map(
      (p, i) =>
        `<g transform="translate(${(i % across) * WIDTH} ${Math.floor(i / across) * HEIGHT})">\n${panel(p, 0)}\n</g>`,
    ),
    '</svg>',
    '',
  ].join('\n')
}
