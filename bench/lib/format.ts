// How figures are written in the tables: numbers, spreads and Markdown tables.
import type { Spread } from './stats.ts'

export type Format = (n: number) => string

export const int: Format = (n) => Math.round(n).toLocaleString('en-US')
export const fixed =
  (digits: number): Format =>
  (n) =>
    n.toFixed(digits)
export const mb: Format = (n) => (n / 1024 / 1024).toFixed(1)
export const percent: Format = (n) => `${Math.round(n * 100)}%`

/** "median (min–max)", or the median alone when there was one round. */
export function show(value: Spread | null, format: Format): string {
  if (!value) return '–'
  if (value.n === 1 || format(value.min) === format(value.max)) return format(value.median)
  return `${format(value.median)} (${format(value.min)}–${format(value.max)})`
}

export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}
