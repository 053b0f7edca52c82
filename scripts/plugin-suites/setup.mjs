// The cache outside the repo: each pinned plugin's npm tarball extracted into
// its own directory with the devDependencies its tests need, and real Fastify.
// Nothing here is arbor's: it is a measuring instrument, rebuilt when the
// manifest changes.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

// Lint, type-checking, coverage and benchmark tools: the run leaves those
// steps out, so they are not installed. Fastify itself is linked per run.
const NOT_FOR_TESTS =
  /^(fastify|eslint.*|@eslint\/.*|neostandard|standard|tstyche|tsd|typescript|@types\/.*|c8|borp|@jsumners\/line-reporter|jest|ts-jest|vitest|vite|@vitest\/.*|benchmark|autocannon|cronometro|climem|codecov|husky|pre-commit|docsify-cli|concurrently|@fastify\/pre-commit)$/

function npm(args, cwd) {
  return execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 15 * 60 * 1000,
    killSignal: 'SIGKILL',
  })
}

function installFlags(before) {
  const flags = ['--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps']
  flags.push('--no-package-lock', '--loglevel=error')
  if (before) flags.push(`--before=${before}`)
  return flags
}

export function pluginDir(cache, plugin) {
  return path.join(cache, 'plugins', `${plugin.name.replace('/', '+')}@${plugin.version}`)
}

/** Real Fastify, installed once per version; returns its package directory. */
export function prepareRealFastify(cache, version, before) {
  const root = path.join(cache, `fastify-${version}`)
  const dir = path.join(root, 'node_modules', 'fastify')
  if (fs.existsSync(path.join(root, '.ready'))) return dir
  fs.rmSync(root, { recursive: true, force: true })
  fs.mkdirSync(root, { recursive: true })
  fs.writeFileSync(path.join(root, 'package.json'), '{ "private": true }\n')
  npm(['install', ...installFlags(before), `fastify@${version}`], root)
  fs.writeFileSync(path.join(root, '.ready'), `${version}\n`)
  return dir
}

/**
 * Extracts the plugin's tarball and installs its dependencies and test
 * devDependencies. Returns { dir, dropped } or throws with npm's message.
 */
export function preparePlugin(cache, plugin, before, log) {
  const dir = pluginDir(cache, plugin)
  const stamp = JSON.stringify({ v: 1, before, plugin })
  const ready = path.join(dir, '.plugin-suites-ready')
  if (fs.existsSync(ready) && fs.readFileSync(ready, 'utf8') === stamp) {
    return JSON.parse(fs.readFileSync(path.join(dir, '.plugin-suites-dropped'), 'utf8'))
  }
  log(`setup: ${plugin.name}@${plugin.version}`)
  const tarballs = path.join(cache, 'tarballs')
  fs.mkdirSync(tarballs, { recursive: true })
  const packed = JSON.parse(
    npm(
      ['pack', '--json', '--pack-destination', tarballs, `${plugin.name}@${plugin.version}`],
      tarballs,
    ),
  )
  const tgz = path.join(tarballs, packed[0].filename)
  const tmp = `${dir}.tmp`
  fs.rmSync(tmp, { recursive: true, force: true })
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(tmp, { recursive: true })
  execFileSync('tar', ['xzf', tgz, '-C', tmp])
  fs.renameSync(path.join(tmp, 'package'), dir)
  fs.rmSync(tmp, { recursive: true, force: true })

  const pkgFile = path.join(dir, 'package.json')
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'))
  fs.writeFileSync(path.join(dir, 'package.orig.json'), JSON.stringify(pkg, null, 2))
  const dev = {}
  const dropped = []
  for (const [name, range] of Object.entries(pkg.devDependencies ?? {})) {
    // `unpublished`: a range of the plugin's that no published version satisfies (plugins.json)
    if (NOT_FOR_TESTS.test(name) || plugin.unpublished?.includes(name)) dropped.push(name)
    else dev[name] = range
  }
  const deps = { ...pkg.dependencies }
  delete deps.fastify
  const install = { ...pkg, dependencies: deps, devDependencies: dev, peerDependencies: {} }
  delete install.scripts // no prepare/postinstall from the plugin itself
  delete install.workspaces
  fs.writeFileSync(pkgFile, `${JSON.stringify(install, null, 2)}\n`)
  npm(['install', ...installFlags(before)], dir)
  // A dependency may have brought a fastify along; the run links its own.
  fs.rmSync(path.join(dir, 'node_modules', 'fastify'), { recursive: true, force: true })
  fs.writeFileSync(path.join(dir, '.plugin-suites-dropped'), JSON.stringify({ dir, dropped }))
  fs.writeFileSync(ready, stamp)
  return { dir, dropped }
}
