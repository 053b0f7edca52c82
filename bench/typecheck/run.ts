// The type-check benchmark (npm run bench:types): `tsc --noEmit` of an app with N routes whose
// body, querystring and response schemas are written `as const`, on arbor and on Fastify 4 with
// @fastify/type-provider-json-schema-to-ts, in alternating rounds. Reports the median wall time,
// tsc's own check time, type instantiations and memory, and fails on any type error (such as
// TS2589 "Type instantiation is excessively deep"). tsc runs single-threaded, so the figures
// are the same work on a busy two-core machine; the best round is reported beside the median,
// since load from other processes only ever adds time.
//
//   npm run bench:types -- [--routes 200] [--rounds 7]
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Framework, generateApp } from './generate.ts'

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, '..', '..')
const tsc = join(repo, 'node_modules', '.bin', 'tsc')

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}
const routes = option('routes', 200)
const rounds = option('rounds', 7)

interface Run {
  wallMs: number
  checkMs: number
  instantiations: number
  types: number
  memoryKb: number
}

// Fastify and its provider live in this folder's own node_modules (see package.json).
if (!existsSync(join(here, 'node_modules', 'fastify'))) {
  console.log('installing Fastify 4 and its type provider in bench/typecheck/ (npm ci)')
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' })
}

// arbor as a user gets it: a package in node_modules with its emitted declarations.
const out = join(here, '.out')
rmSync(out, { recursive: true, force: true })
const arborPackage = join(out, 'node_modules', 'arbor')
mkdirSync(arborPackage, { recursive: true })
execFileSync(
  tsc,
  [
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
    exports: { '.': { types: './dist/index.d.ts' } },
  }),
)
const apps: Record<Framework, string> = {
  arbor: generateApp(out, 'arbor', routes),
  fastify: generateApp(out, 'fastify', routes),
}

function metric(text: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(text)
  return match === null ? Number.NaN : Number(match[1])
}

function check(framework: Framework): Run {
  const started = performance.now()
  const result = spawnSync(
    tsc,
    ['-p', apps[framework], '--extendedDiagnostics', '--singleThreaded'],
    {
      encoding: 'utf8',
    },
  )
  const wallMs = performance.now() - started
  const text = result.stdout + result.stderr
  if (result.status !== 0 || /error TS\d+/.test(text)) {
    console.error(
      text
        .split('\n')
        .filter((line) => /error TS/.test(line))
        .slice(0, 20)
        .join('\n'),
    )
    throw new Error(`${framework}: tsc reported errors (exit ${result.status})`)
  }
  return {
    wallMs,
    checkMs: metric(text, 'Check time') * 1000,
    instantiations: metric(text, 'Instantiations'),
    types: metric(text, 'Types'),
    memoryKb: metric(text, 'Memory used'),
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

const runs: Record<Framework, Run[]> = { arbor: [], fastify: [] }
for (let round = 0; round < rounds; round++) {
  for (const framework of round % 2 === 0
    ? (['arbor', 'fastify'] as const)
    : (['fastify', 'arbor'] as const)) {
    runs[framework].push(check(framework))
  }
}

const summary: Record<Framework, Record<string, number>> = Object.fromEntries(
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
      },
    ]
  }),
) as unknown as Record<Framework, Record<string, number>>

const tscVersion = execFileSync(tsc, ['--version'], { encoding: 'utf8' }).trim()
console.log(`\ntsc --noEmit, ${routes} routes with as-const body, querystring and response schemas`)
console.log(`${tscVersion} --singleThreaded, ${rounds} rounds, no type errors in either app\n`)
console.log(
  '| app | wall, best (s) | wall, median (s) | check time, best (s) | check time, median (s) | instantiations | types | memory (MB) |',
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
const labels: Record<Framework, string> = {
  arbor: 'arbor (built-in inference)',
  fastify: 'Fastify 4.25 + type-provider-json-schema-to-ts 3',
}
for (const framework of Object.keys(summary) as Framework[]) {
  const s = summary[framework]
  console.log(
    `| ${labels[framework]} | ${s.bestWallSeconds!.toFixed(2)} | ${s.wallSeconds!.toFixed(2)} | ${s.bestCheckSeconds!.toFixed(2)} | ${s.checkSeconds!.toFixed(2)} | ${s.instantiations!.toLocaleString('en')} | ${s.types!.toLocaleString('en')} | ${s.memoryMb!.toFixed(0)} |`,
  )
}
const file = join(repo, 'bench', 'results', 'typecheck.json')
writeFileSync(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), tsc: tscVersion, routes, rounds, summary }, null, 2)}\n`,
)
console.log(`\nwritten: ${relative(repo, file)}`)
