// `npm run typecheck:lines`: `tsc --noEmit` with each TypeScript line arbor supports, because a
// framework's types are checked by its users' compiler, not by its own (docs/typescript.md
// "Supported TypeScript lines"). 7.0, arbor's own compiler, checks the whole project
// (tsconfig.json: src, every test, examples, bench, scripts); 5.9 and 6.0 check what a user's
// compiler sees (tsconfig.types.json: src, test/types, examples), which keeps `npm test` short.
// Prints the project, wall and check time, instantiations and error count per line; exits 1 on
// any error.
//
//   npm run typecheck:lines -- [--lines 5.9,6.0] [--project tsconfig.json]
import { spawn } from 'node:child_process'
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

interface Run {
  status: number | null
  text: string
  wall: number
}

/** `node <args>`, without blocking: the lines check side by side. */
function run(args: string[]): Promise<Run> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.once('error', reject)
    child.once('close', (status) => {
      const text = Buffer.concat(chunks).toString('utf8')
      resolve({ status, text, wall: (performance.now() - started) / 1000 })
    })
  })
}

// The lines run at once: three compilers one after the other were ~45 s of `npm test` on 2 cores,
// side by side ~30 s (7.0 is native and threaded, 5.9 and 6.0 are one JavaScript thread each).
// The wall column is then each check's own wall under that sharing; the check time and the
// instantiations are the compilers' own figures.
const lines = selectLines(option('lines'))
const checks = lines.map(({ tsc, line }) =>
  existsSync(tsc)
    ? Promise.all([
        run([tsc, '--version']),
        run([
          tsc,
          '-p',
          join(repo, projectFor(line)),
          '--noEmit',
          '--extendedDiagnostics',
          '--pretty',
          'false',
        ]),
      ])
    : undefined,
)
for (const [at, { line, tsc }] of lines.entries()) {
  const check = checks[at]
  if (check === undefined) {
    console.log(`| ${line} | missing: ${tsc} | | | | | |`)
    failed = true
    continue
  }
  const [version, result] = await check
  const errors = result.text.split('\n').filter((row) => /error TS\d+/.test(row))
  console.log(
    `| ${line} | ${version.text.trim()} | ${projectFor(line)} | ${result.wall.toFixed(1)} | ${metric(result.text, 'Check time').toFixed(2)} | ${metric(result.text, 'Instantiations')} | ${errors.length} |`,
  )
  if (errors.length > 0 || result.status !== 0) {
    failed = true
    console.error(errors.slice(0, 30).join('\n'))
    if (errors.length > 30) console.error(`... and ${errors.length - 30} more`)
  }
}
process.exit(failed ? 1 : 0)
