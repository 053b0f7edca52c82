// Builds arbor (dist/, as users run it: `npm run build`'s two steps) and the bench's own server files (bench/dist/), so
// no server process carries a TypeScript loader. arbor falls back to tsx only when it has
// no dist/index.js, and its rows then say so.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const TSC = `${ROOT}node_modules/typescript/bin/tsc`

/** Writes a run's JSON to `out`, a path relative to the repository or absolute. */
export function writeResults(out: string, data: unknown): void {
  const file = resolve(ROOT, out)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
}
const TSX = `${ROOT}node_modules/.bin/tsx`

export interface ArborEntry {
  /** URL the arbor server imports (ARBOR_ENTRY). */
  url: string
  /** Node flags the arbor processes need: `--import tsx` when running from src. */
  nodeFlags: string[]
  /** 'dist', 'src (tsx)', or the ARBOR_ENTRY path. */
  from: string
}

function tsc(project: string): string | null {
  const result = spawnSync(TSC, ['-p', project], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
  if (result.status === 0) return null
  const output = `${result.stdout}${result.stderr}`.trim().split('\n')
  return `${output.length} lines, first: ${output.slice(0, 3).join(' | ')}`
}

/** dist/index.js bundled into one file, as `npm run build` and the published package have it. */
function bundle(): void {
  const result = spawnSync(TSX, ['scripts/bundle-entry.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  })
  if (result.status !== 0) throw new Error(`bundling dist/index.js failed: ${result.stderr}`)
}

/** Runs both builds; type errors are reported but do not stop the run (tsc still emits). */
export function build(log: (line: string) => void): void {
  const arbor = tsc('tsconfig.build.json')
  if (arbor) log(`warning: tsc -p tsconfig.build.json reported errors (${arbor})`)
  bundle()
  const bench = tsc('bench/tsconfig.json')
  if (bench) log(`warning: tsc -p bench/tsconfig.json reported errors (${bench})`)
}

/** ARBOR_ENTRY (a path) overrides both, e.g. to measure a patched copy of dist/ side by side. */
export function arborEntry(): ArborEntry {
  const override = process.env.ARBOR_ENTRY
  if (override) {
    const url = pathToFileURL(resolve(override)).href
    return { url, nodeFlags: override.endsWith('.ts') ? ['--import', 'tsx'] : [], from: override }
  }
  const dist = `${ROOT}dist/index.js`
  if (existsSync(dist)) return { url: pathToFileURL(dist).href, nodeFlags: [], from: 'dist' }
  return {
    url: pathToFileURL(`${ROOT}src/index.ts`).href,
    nodeFlags: ['--import', 'tsx'],
    from: 'src (tsx)',
  }
}

/** The compiled file of a bench module, e.g. serverFile('servers/hono'). */
export function compiled(module: string): string {
  const file = `${ROOT}bench/dist/${module}.js`
  if (!existsSync(file)) throw new Error(`${file} is missing: run without --no-build`)
  return file
}
