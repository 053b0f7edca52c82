// An application folder with arbor's stand-in package installed as `fastify`, laid out as npm
// lays out `"fastify": "npm:arbor-fastify5@5.12.1"` (or arbor-fastify4@4.25.2):
// node_modules/fastify is the stand-in (packages/fastify4 or packages/fastify5, copied), and
// node_modules/arbor the package it requires, freshly built from src/ (the bundle and its entries,
// scripts/bundle-entry.ts, outside dist/: another test may be rebuilding dist/ meanwhile).
// arbor's runtime dependencies and the packages the application uses are linked from this
// repository's node_modules, which `npm ci` filled from the lockfile: offline, and quick.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { typescriptChild } from './typescript-child.ts'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to completion, bounded by `timeout` ms, with no loader leaking into it. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  options: { timeout?: number; env?: Record<string, string> } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeout ?? 60_000,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * Where `name` is installed for code in `from`: the first node_modules/<name> up the folders,
 * as Node looks it up (package.json `exports` may not list ./package.json, so no require.resolve).
 */
export function installedPackage(name: string, from: string = ROOT): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dirname(dir) === dir) throw new Error(`${name} is not installed for ${from}`)
  }
}

async function link(app: string, name: string, target: string): Promise<void> {
  const path = join(app, 'node_modules', name)
  await mkdir(dirname(path), { recursive: true })
  await symlink(target, path, 'junction')
}

/**
 * arbor built once per process into a folder of its own, which each application copies; removed
 * when the process exits. The build loads the bundle it wrote to list its exports, so arbor's
 * dependencies are found through NODE_PATH.
 */
let built: Promise<string> | undefined

async function buildArbor(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'arbor-built-'))
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
  const arbor = join(folder, 'arbor')
  await mkdir(arbor)
  await cp(join(ROOT, 'package.json'), join(arbor, 'package.json'))
  const outcome = await run(
    process.execPath,
    [...typescriptChild, 'scripts/bundle-entry.ts', join(arbor, 'dist')],
    ROOT,
    { env: { NODE_PATH: join(ROOT, 'node_modules') } },
  )
  assert.equal(outcome.code, 0, `building arbor failed:\n${outcome.stderr}${outcome.stdout}`)
  return arbor
}

export interface StandInApp {
  /** the application folder */
  dir: string
  remove(): Promise<void>
}

/**
 * Makes the application folder: the stand-in of `line` as `fastify`, arbor (built once), and
 * `packages` (name → installed folder) linked. Fails the test if the build fails.
 */
export async function standInApp(
  line: 4 | 5,
  packages: Record<string, string> = {},
): Promise<StandInApp> {
  const dir = await mkdtemp(join(tmpdir(), `arbor-stand-in-${line}-`))
  await writeFile(join(dir, 'package.json'), '{ "name": "app", "private": true }\n')

  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
  }
  for (const dependency of Object.keys(manifest.dependencies)) {
    await link(dir, dependency, installedPackage(dependency))
  }
  for (const [name, target] of Object.entries(packages)) await link(dir, name, target)

  built ??= buildArbor()
  await cp(await built, join(dir, 'node_modules', 'arbor'), { recursive: true })

  await cp(join(ROOT, 'packages', `fastify${line}`), join(dir, 'node_modules', 'fastify'), {
    recursive: true,
  })
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
