// bench/load and bench/curves write BENCHMARKS.md's generated blocks and the full tables beside
// their JSON. The committed page must be what they write from the committed JSON (a hand edit
// inside a block would be lost at the next run), and a block is replaced without touching the
// hand-written text around it.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { CURVES_BLOCK, curvesAnswer, curvesDetail } from '../../bench/curves/markdown.ts'
import type { CurvesResults } from '../../bench/curves/results.ts'
import { replaceBlock } from '../../bench/lib/markdown-block.ts'
import { ANSWER_BLOCK, answerMarkdown } from '../../bench/load/answer.ts'
import { detailMarkdown } from '../../bench/load/report.ts'
import type { Results } from '../../bench/load/results.ts'

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
const page = read('BENCHMARKS.md')
const latest = JSON.parse(read('bench/results/latest.json')) as Results
const curves = JSON.parse(read('bench/results/curves.json')) as CurvesResults

function blockOf(text: string, block: { begin: string; end: string }): string {
  const begin = text.indexOf(block.begin)
  const end = text.indexOf(block.end)
  assert.ok(begin >= 0 && end > begin, `BENCHMARKS.md has no ${block.begin} … ${block.end}`)
  return text.slice(begin + block.begin.length, end).trim()
}

test('the answer block of BENCHMARKS.md is what npm run bench writes from bench/results/latest.json', () => {
  assert.equal(
    blockOf(page, ANSWER_BLOCK),
    answerMarkdown(latest, 'bench/results/latest.md').trim(),
  )
  assert.equal(read('bench/results/latest.md'), detailMarkdown(latest))
})

test('the curves block of BENCHMARKS.md is what npm run bench:curves writes from bench/results/curves.json', () => {
  assert.equal(blockOf(page, CURVES_BLOCK), curvesAnswer(curves, 'bench/results/curves.md').trim())
  assert.equal(read('bench/results/curves.md'), curvesDetail(curves))
})

test('the answer table gives arbor’s paired ratio to each base with its band, and – where a framework has no setup', () => {
  const answer = answerMarkdown(latest, 'x.md')
  for (const scenario of latest.scenarios) {
    const arbor = scenario.summaries.find((s) => s.framework === 'arbor')!
    const paired = arbor.paired.fastify5!
    const line = answer.split('\n').find((l) => l.startsWith(`| ${scenario.name} |`))
    assert.ok(line, `no row for ${scenario.name}`)
    const band = `${paired.median.toFixed(2)} (${paired.min.toFixed(2)}–${paired.max.toFixed(2)})`
    assert.equal(line.split(' | ')[1], band)
    const hasHono = scenario.summaries.some((s) => s.framework === 'hono')
    assert.equal(line.split(' | ')[7] === '–', !hasHono, `${scenario.name}: Hono column`)
  }
})

test('a block is replaced between its markers, the text around it kept; a page without it gets it appended', () => {
  const block = { begin: '<!-- x:begin -->', end: '<!-- x:end -->' }
  const text = `# Page\n\nbefore\n\n${block.begin}\nold\n${block.end}\n\nafter\n`
  assert.equal(
    replaceBlock(text, block, 'new\n'),
    `# Page\n\nbefore\n\n${block.begin}\nnew\n${block.end}\n\nafter\n`,
  )
  assert.equal(
    replaceBlock('# Page\n', block, 'new'),
    `# Page\n\n${block.begin}\nnew\n${block.end}\n`,
  )
})
