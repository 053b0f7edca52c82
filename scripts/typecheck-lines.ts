// `npm run typecheck:lines`: `tsc --noEmit` of tsconfig.json (src, test/types, every test, the
// examples) with each TypeScript line arbor supports, because a framework's types are checked by
// its users' compiler, not by its own (docs/typescript.md "Supported TypeScript lines"). Prints
// the check time, instantiations and error count per line; exits 1 on any error.
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

const project = join(repo, option('project') ?? 'tsconfig.json')
let failed = false
console.log('| TypeScript | version | wall (s) | check time (s) | instantiations | errors |')
console.log('| --- | --- | ---: | ---: | ---: | ---: |')
for (const { line, tsc } of selectLines(option('lines'))) {
  if (!existsSync(tsc)) {
    console.log(`| ${line} | missing: ${tsc} | | | | |`)
    failed = true
    continue
  }
  const version = spawnSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' })
  const started = performance.now()
  const result = spawnSync(
    process.execPath,
    [tsc, '-p', project, '--noEmit', '--extendedDiagnostics', '--pretty', 'false'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  const wall = (performance.now() - started) / 1000
  const text = `${result.stdout}${result.stderr}`
  const errors = text.split('\n').filter((row) => /error TS\d+/.test(row))
  console.log(
    `| ${line} | ${version.stdout.trim()} | ${wall.toFixed(1)} | ${metric(text, 'Check time').toFixed(2)} | ${metric(text, 'Instantiations')} | ${errors.length} |`,
  )
  if (errors.length > 0 || result.status !== 0) {
    failed = true
    console.error(errors.slice(0, 30).join('\n'))
    if (errors.length > 30) console.error(`... and ${errors.length - 30} more`)
  }
}
process.exit(failed ? 1 : 0)
