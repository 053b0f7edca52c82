// Writes a run's Markdown: its full tables beside its JSON (bench/results/latest.md) and the
// answer block of BENCHMARKS.md, which links them. `npx tsx bench/load/write.ts [file]` rewrites
// both from a saved JSON without measuring (bench/results/latest.json by default).
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ROOT } from '../lib/build.ts'
import { writeBlock } from '../lib/markdown-block.ts'
import { ANSWER_BLOCK, answerMarkdown } from './answer.ts'
import { detailMarkdown } from './report.ts'
import type { Results } from './results.ts'

/** Returns the path of the tables file, relative to the repository like `json`. */
export function writeMarkdown(results: Results, json: string): string {
  const detail = `${json.replace(/\.json$/, '')}.md`
  writeFileSync(resolve(ROOT, detail), detailMarkdown(results))
  writeBlock(`${ROOT}BENCHMARKS.md`, ANSWER_BLOCK, answerMarkdown(results, detail))
  return detail
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const from = process.argv[2] ?? 'bench/results/latest.json'
  const results = JSON.parse(readFileSync(resolve(ROOT, from), 'utf8')) as Results
  console.log(`${writeMarkdown(results, from)} and the answer block of BENCHMARKS.md written`)
}
