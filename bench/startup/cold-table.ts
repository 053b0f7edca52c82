// The cold start table, the start-up benchmark's headline: what a serverless platform pays on
// every cold start, seen from outside the process.
import { fixed, show, table } from '../lib/format.ts'
import type { StartupRow } from './run.ts'

type ColdField = 'coldStartMs' | 'firstResponseMs'

export function coldStartTable(rows: StartupRow[], label: (framework: string) => string): string {
  const ratio = (row: StartupRow, key: ColdField, base: string) => {
    const mine = row[key]?.median
    const theirs = rows.find((r) => r.framework === base)?.[key]?.median
    return mine !== undefined && theirs ? (mine / theirs).toFixed(2) : '–'
  }
  const ms = fixed(1)
  return table(
    [
      'framework',
      'cold start ms (spawn → first byte)',
      '÷ fastify 4',
      '÷ fastify 5',
      'first request ms (sent → first byte)',
      '÷ fastify 4',
      '÷ fastify 5',
      'first request in the server ms',
      'spawn → listening ms',
    ],
    rows
      .filter((row) => !row.failure && row.coldStartMs)
      .map((row) => [
        label(row.framework),
        show(row.coldStartMs ?? null, ms),
        ratio(row, 'coldStartMs', 'fastify4'),
        ratio(row, 'coldStartMs', 'fastify5'),
        show(row.firstResponseMs ?? null, ms),
        ratio(row, 'firstResponseMs', 'fastify4'),
        ratio(row, 'firstResponseMs', 'fastify5'),
        show(row.firstServedMs ?? null, ms),
        show(row.spawnToListenMs ?? null, ms),
      ]),
  )
}
