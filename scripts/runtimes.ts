// Other JavaScript runtimes for CI and benchmarks: a Node.js line (npm package
// `node-<platform>-<arch>@<major>`, the official binaries) or Bun (npm package `bun`, whose
// binary comes through an optional dependency), installed once into a private prefix under
// node_modules/.cache/arbor-runtimes and reused while it is there.
//
//   node --import tsx scripts/runtimes.ts node 24   # prints the directory to put first on PATH
//   node --import tsx scripts/runtimes.ts bun 1
//
// From code: `const { binDir, executable, version } = installRuntime('node', '24')`.
// ARBOR_RUNTIME_CACHE moves the cache (e.g. to share it between clones).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export type RuntimeName = 'node' | 'bun'

export interface Runtime {
  /** The directory to put first on PATH: it holds `node` or `bun`. */
  binDir: string
  /** The runtime's executable. */
  executable: string
  /** What it reports, e.g. `v24.21.0` or `1.4.5`. */
  version: string
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CACHE =
  process.env.ARBOR_RUNTIME_CACHE || join(ROOT, 'node_modules', '.cache', 'arbor-runtimes')

/** The version the executable reports, or undefined when it is missing or does not run. */
function probe(executable: string): string | undefined {
  if (!existsSync(executable)) return undefined
  const run = spawnSync(executable, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  return run.status === 0 ? run.stdout.trim() : undefined
}

function npmInstall(prefix: string, spec: string): void {
  mkdirSync(prefix, { recursive: true })
  // A package.json of its own, so npm installs here and never walks up to the repository's.
  writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n')
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const run = spawnSync(
    npm,
    [
      'install',
      '--prefix',
      prefix,
      spec,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { stdio: ['ignore', 2, 2], timeout: 600_000 }, // stdout is for the printed directory
  )
  if (run.status !== 0) throw new Error(`npm install ${spec} into ${prefix} failed (${run.status})`)
}

function nodeLine(major: string): Runtime {
  const pkg = `node-${process.platform}-${process.arch}`
  const prefix = join(CACHE, `node-${major}`)
  const binDir = join(prefix, 'node_modules', pkg, 'bin')
  const executable = join(binDir, 'node')
  let version = probe(executable)
  if (version === undefined || !version.startsWith(`v${major}.`)) {
    npmInstall(prefix, `${pkg}@${major}`)
    version = probe(executable)
  }
  if (version === undefined) throw new Error(`${pkg}@${major} gave no runnable ${executable}`)
  return { binDir, executable, version }
}

function bun(major: string): Runtime {
  const prefix = join(CACHE, `bun-${major}`)
  const modules = join(prefix, 'node_modules')
  const platformPkg = join(modules, '@oven', `bun-${process.platform}-${process.arch}`)
  // bun's postinstall moves the binary from its platform package over bin/bun.exe and links
  // node_modules/.bin/bun to it; an npm that holds install scripts back leaves it in the
  // platform package, and bin/bun.exe a placeholder text file.
  const candidates = [join(modules, 'bun', 'bin', 'bun.exe'), join(platformPkg, 'bin', 'bun')]
  const find = (): Runtime | undefined => {
    for (const executable of candidates) {
      const version = probe(executable)
      if (version?.startsWith(`${major}.`)) {
        // A directory whose `bun` is this binary, to put on PATH.
        const binDir = join(prefix, 'bin')
        const link = join(binDir, 'bun')
        if (probe(link) !== version) {
          mkdirSync(binDir, { recursive: true })
          rmSync(link, { force: true })
          symlinkSync(executable, link)
        }
        return { binDir, executable, version }
      }
    }
    return undefined
  }
  const found = find()
  if (found) return found
  npmInstall(prefix, `bun@${major}`)
  const installed = find()
  if (installed) return installed
  throw new Error(`bun@${major}: no runnable binary in ${candidates.join(' or ')}`)
}

export function installRuntime(name: RuntimeName, major: string): Runtime {
  if (!/^\d+$/.test(major)) throw new Error(`a major version is a number, got ${major}`)
  return name === 'node' ? nodeLine(major) : bun(major)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [name, major] = process.argv.slice(2)
  if ((name !== 'node' && name !== 'bun') || major === undefined) {
    console.error('usage: node --import tsx scripts/runtimes.ts <node|bun> <major>')
    process.exit(2)
  }
  const runtime = installRuntime(name, major)
  console.error(`${name} ${runtime.version}: ${runtime.executable}`)
  console.log(runtime.binDir)
}
