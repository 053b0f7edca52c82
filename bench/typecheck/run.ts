// The type-check benchmark (npm run bench:types): `tsc --noEmit` of an app with N routes whose
// body, querystring and response schemas are written `as const`, on arbor and on Fastify 4 with
// @fastify/type-provider-json-schema-to-ts, in alternating rounds. Reports the median wall time,
// tsc's own check time, type instantiations and memory, and fails on any type error (such as
// TS2589 "Type instantiation is excessively deep"). tsc runs single-threaded, so the figures
// are the same work on a busy two-core machine; the best round is reported beside the median,
// since load from other processes only ever adds time.
//
// Each TypeScript line arbor supports (5.9, 6.0, 7.0) checks both apps: a user's compiler, not
// arbor's own, checks the routes.
//
// The client rows (issue 40) check the same routes chained, with a client calling each one:
// arbor's `client<typeof app>` and Hono 4's `hc<typeof app>`.
//
//   npm run bench:types -- [--routes 200] [--rounds 7] [--lines 5.9,6.0,7.0]
//                          [--apps arbor,fastify,arbor-client,arbor-client-chain,hono-client]
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { selectLines, type TypeScriptLine } from '../../scripts/typescript-lines.ts'
import { type Framework, generateApp } from './generate.ts'

if (process.argv.includes('--help')) {
  console.log(`usage: npm run bench:types -- [--routes 200] [--rounds 7] [--lines 5.9,6.0,7.0]
                              [--apps arbor,fastify,arbor-client,arbor-client-chain,hono-client]
tsc --noEmit of an app with N as-const schema routes on each TypeScript line; writes
bench/results/typecheck.json (or typecheck-<apps>.json for a subset of apps)`)
  process.exit(0)
}

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, '..', '..')
// The declarations are emitted by arbor's own compiler (7.0), as the published package's are.
const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc')

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}
const routes = option('routes', 200)
const rounds = option('rounds', 7)
const linesAt = process.argv.indexOf('--lines')
const lines = selectLines(linesAt === -1 ? undefined : process.argv[linesAt + 1])
const allApps: Framework[] = [
  'arbor',
  'fastify',
  'arbor-client',
  'arbor-client-chain',
  'hono-client',
]
const appsAt = process.argv.indexOf('--apps')
const selected: Framework[] =
  appsAt === -1 ? allApps : (process.argv[appsAt + 1]!.split(',') as Framework[])
for (const name of selected) {
  if (!allApps.includes(name)) throw new Error(`unknown app: ${name} (${allApps.join(', ')})`)
}

interface Run {
  wallMs: number
  checkMs: number
  instantiations: number
  types: number
  memoryKb: number
  errors: number
}

// Fastify and its provider live in this folder's own node_modules (see package.json).
if (selected.includes('fastify') && !existsSync(join(here, 'node_modules', 'fastify'))) {
  console.log('installing Fastify 4 and its type provider in bench/typecheck/ (npm ci)')
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' })
}

// arbor as a user gets it: a package in node_modules with its emitted declarations.
const out = join(here, '.out')
rmSync(out, { recursive: true, force: true })
const arborPackage = join(out, 'node_modules', 'arbor')
mkdirSync(arborPackage, { recursive: true })
execFileSync(
  process.execPath,
  [
    tsc,
    '-p',
    join(repo, 'tsconfig.build.json'),
    '--emitDeclarationOnly',
    '--outDir',
    join(arborPackage, 'dist'),
  ],
  { stdio: 'inherit' },
)
writeFileSync(
  join(arborPackage, 'package.json'),
  JSON.stringify({
    name: 'arbor',
    type: 'module',
    exports: {
      '.': { types: './dist/index.d.ts' },
      './client': { types: './dist/client/index.d.ts' },
    },
  }),
)
const apps = Object.fromEntries(
  selected.map((name) => [name, generateApp(out, name, routes)]),
) as Record<Framework, string>

function metric(text: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(text)
  return match === null ? Number.NaN : Number(match[1])
}

function check(framework: Framework, line: TypeScriptLine): Run {
  const started = performance.now()
  const result = spawnSync(
    process.execPath,
    [line.tsc, '-p', apps[framework], '--extendedDiagnostics', ...line.singleThreadedFlag],
    { encoding: 'utf8' },
  )
  const wallMs = performance.now() - started
  const text = result.stdout + result.stderr
  const errors = text.split('\n').filter((row) => /error TS\d+/.test(row))
  if (errors.length > 0 || result.status !== 0) {
    // A line that gives up (TS2589) types the handlers as `any`: its figures compare nothing,
    // so the run fails, once the table shows every line.
    console.error(`${framework} on TypeScript ${line.line}: ${errors.length} errors`)
    console.error(errors.slice(0, 5).join('\n'))
  }
  return {
    wallMs,
    checkMs: metric(text, 'Check time') * 1000,
    instantiations: metric(text, 'Instantiations'),
    types: metric(text, 'Types'),
    memoryKb: metric(text, 'Memory used'),
    errors: Math.max(errors.length, result.status === 0 ? 0 : 1),
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

type Summary = Record<Framework, Record<string, number>>

function measure(line: TypeScriptLine): Summary {
  const runs = Object.fromEntries(selected.map((name) => [name, [] as Run[]])) as Record<
    Framework,
    Run[]
  >
  for (let round = 0; round < rounds; round++) {
    // alternating order, so that no app always runs on a warmer or busier machine
    for (const framework of round % 2 === 0 ? selected : [...selected].reverse()) {
      runs[framework].push(check(framework, line))
    }
  }
  return Object.fromEntries(
    (Object.keys(runs) as Framework[]).map((framework) => {
      const list = runs[framework]
      return [
        framework,
        {
          wallSeconds: median(list.map((r) => r.wallMs)) / 1000,
          checkSeconds: median(list.map((r) => r.checkMs)) / 1000,
          bestWallSeconds: Math.min(...list.map((r) => r.wallMs)) / 1000,
          bestCheckSeconds: Math.min(...list.map((r) => r.checkMs)) / 1000,
          instantiations: list[0]!.instantiations,
          types: list[0]!.types,
          memoryMb: median(list.map((r) => r.memoryKb)) / 1024,
          errors: Math.max(...list.map((r) => r.errors)),
        },
      ]
    }),
  ) as unknown as Summary
}

const labels: Record<Framework, string> = {
  arbor: 'arbor (built-in inference)',
  fastify: 'Fastify 4.25 + type-provider-json-schema-to-ts 3',
  'arbor-client': 'arbor, 10 plugins of 20 chained routes, + client calling every route',
  'arbor-client-chain': 'arbor, one chain of every route, + client calling every route',
  'hono-client': 'Hono 4 (validators, hand-written types) + hc calling every route',
}
const byLine: Record<string, { tsc: string; summary: Summary }> = {}
console.log(`\ntsc --noEmit, ${routes} routes with as-const body, querystring and response schemas`)
console.log(`${rounds} rounds per line; type errors on any line fail the run\n`)
console.log(
  '| TypeScript | app | wall, best (s) | wall, median (s) | check time, best (s) | check time, median (s) | instantiations | types | memory (MB) | errors |',
)
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const line of lines) {
  const version = execFileSync(process.execPath, [line.tsc, '--version'], { encoding: 'utf8' })
  const summary = measure(line)
  byLine[line.line] = { tsc: version.trim(), summary }
  for (const framework of Object.keys(summary) as Framework[]) {
    const s = summary[framework]
    console.log(
      `| ${line.line} | ${labels[framework]} | ${s.bestWallSeconds!.toFixed(2)} | ${s.wallSeconds!.toFixed(2)} | ${s.bestCheckSeconds!.toFixed(2)} | ${s.checkSeconds!.toFixed(2)} | ${s.instantiations!.toLocaleString('en')} | ${s.types!.toLocaleString('en')} | ${s.memoryMb!.toFixed(0)} | ${s.errors} |`,
    )
  }
}
// A run of some apps only is written beside the full table, not over it.
const file = join(
  repo,
  'bench',
  'results',
  appsAt === -1 ? 'typecheck.json' : `typecheck-${selected.join('+')}.json`,
)
writeFileSync(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), routes, rounds, lines: byLine }, null, 2)}\n`,
)
console.log(`\nwritten: ${relative(repo, file)}`)
const failed = Object.values(byLine).some(({ summary }) =>
  Object.values(summary).some((s) => s.errors! > 0),
)
if (failed) process.exit(1)
