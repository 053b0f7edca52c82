// `npm run typecheck:lines`: `tsc --noEmit` with each TypeScript line arbor supports, because a
// framework's types are checked by its users' compiler, not by its own (docs/typescript.md
// "Supported TypeScript lines"). 7.0, arbor's own compiler, checks the whole project
// (tsconfig.json: src, every test, examples, bench, scripts); 5.9 and 6.0 check what a user's
// compiler sees (tsconfig.types.json: src, test/types, examples), which keeps `npm test` short.
// Prints the project, wall and check time, instantiations and error count per line; exits 1 on
// any error.
//
//   npm run typecheck:lines -- [--lines 5.9,6.0] [--project tsconfig.json]
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { selectLines } from './typescript-lines.ts'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..')

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? undefined : process.argv[at + 1]
}

function metric(text: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(text)
  return match === null ? Number.NaN : Number(match[1])
}

// The line that checks the whole project; the others check the user-facing one.
const wholeProjectLine = '7.0'
const projectFor = (line: string): string =>
  option('project') ?? (line === wholeProjectLine ? 'tsconfig.json' : 'tsconfig.types.json')
let failed = false
console.log(
  '| TypeScript | version | project | wall (s) | check time (s) | instantiations | errors |',
)
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |')
for (const { line, tsc } of selectLines(option('lines'))) {
  if (!existsSync(tsc)) {
    console.log(`| ${line} | missing: ${tsc} | | | | | |`)
    failed = true
    continue
  }
  const project = projectFor(line)
  const version = spawnSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' })
  const started = performance.now()
  const result = spawnSync(
    process.execPath,
    [tsc, '-p', join(repo, project), '--noEmit', '--extendedDiagnostics', '--pretty', 'false'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  const wall = (performance.now() - started) / 1000
  const text = `${result.stdout}${result.stderr}`
  const errors = text.split('\n').filter((row) => /error TS\d+/.test(row))
  console.log(
    `| ${line} | ${version.stdout.trim()} | ${project} | ${wall.toFixed(1)} | ${metric(text, 'Check time').toFixed(2)} | ${metric(text, 'Instantiations')} | ${errors.length} |`,
  )
  if (errors.length > 0 || result.status !== 0) {
    failed = true
    console.error(errors.slice(0, 30).join('\n'))
    if (errors.length > 30) console.error(`... and ${errors.length - 30} more`)
  }
}
process.exit(failed ? 1 : 0)
