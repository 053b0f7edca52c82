#!/usr/bin/env node
// npm run test:plugin-suites -- [name ...] [--entry PATH] [--jobs N] [--timeout S]
//   [--results FILE.json|FILE.tsv] [--logs DIR] [--cache DIR] [--reuse-real]
// Runs the pinned @fastify plugins' own test suites twice, on real Fastify and
// on arbor's Fastify 5 line, and prints how many of real Fastify's passing
// tests arbor passes. README.md beside this file explains it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { testPlan } from './discover.mjs'
import { pool } from './exec.mjs'
import { arborPackage, linkFastify } from './framework.mjs'
import { printCauses, printReport, writeResults } from './report.mjs'
import { preparePlugin, prepareRealFastify } from './setup.mjs'
import { runFile } from './suite.mjs'

const HERE = path.dirname(fileURLToPath(import.meta.url))
const ROOT = path.resolve(HERE, '../..')
const log = (s) => process.stderr.write(`${s}\n`)

function parseArgs(argv) {
  const o = {
    names: [],
    entry: process.env.ARBOR_FASTIFY,
    jobs: Number(process.env.JOBS ?? 2),
    timeout: Number(process.env.FILE_TIMEOUT ?? 120),
    results: process.env.RESULTS,
    logs: process.env.PLUGIN_SUITES_LOGS,
    cache:
      process.env.PLUGIN_SUITES_CACHE ?? path.join(os.homedir(), '.cache', 'arbor-plugin-suites'),
    reuseReal: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const [flag, inline] = a.includes('=')
      ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
      : [a, undefined]
    const value = () => inline ?? argv[++i]
    if (flag === '--entry') o.entry = value()
    else if (flag === '--jobs') o.jobs = Number(value())
    else if (flag === '--timeout') o.timeout = Number(value())
    else if (flag === '--results') o.results = value()
    else if (flag === '--logs') o.logs = value()
    else if (flag === '--cache') o.cache = value()
    else if (flag === '--reuse-real') o.reuseReal = true
    else if (flag === '-h' || flag === '--help') {
      log(
        fs
          .readFileSync(fileURLToPath(import.meta.url), 'utf8')
          .split('\n')
          .slice(1, 3)
          .join('\n'),
      )
      process.exit(0)
    } else if (a.startsWith('-')) throw new Error(`unknown option ${a}`)
    else o.names.push(a)
  }
  if (!(o.jobs >= 1) || !(o.timeout > 0)) throw new Error('--jobs and --timeout must be positive')
  // The stand-in package, once it is there, else the built entry.
  o.entry ??= fs.existsSync(path.join(ROOT, 'packages/fastify5/package.json'))
    ? path.join(ROOT, 'packages/fastify5')
    : path.join(ROOT, 'dist/fastify5.js')
  return o
}

function select(manifest, names) {
  if (!names.length) return manifest.plugins
  return names.map((n) => {
    const p = manifest.plugins.find((x) => x.name === n || x.name === `@fastify/${n}`)
    if (!p) throw new Error(`${n} is not in scripts/plugin-suites/plugins.json`)
    return p
  })
}

function saveLogs(dir, mode, entry, r) {
  const base = path.join(
    dir,
    mode,
    entry.plugin.name.replace('/', '+'),
    r.file.replace(/[\\/]/g, '__'),
  )
  fs.mkdirSync(path.dirname(base), { recursive: true })
  fs.writeFileSync(`${base}.tap`, r.tap)
  fs.writeFileSync(`${base}.stderr`, r.stderr)
}

async function runMode(mode, target, entries, o) {
  const todo = []
  for (const e of entries) {
    if (e.status !== 'ok' || e[mode]) continue
    linkFastify(e.dir, target)
    e[mode] = []
    for (const file of e.plan.files) todo.push({ e, file })
  }
  log(`${mode}: ${todo.length} files, jobs=${o.jobs}, file timeout ${o.timeout}s`)
  await pool(o.jobs, todo, async ({ e, file }) => {
    const r = await runFile({ dir: e.dir, nodeArgs: e.plan.nodeArgs }, file, {
      timeoutMs: o.timeout * 1000,
    })
    if (o.logs) saveLogs(path.resolve(o.logs), mode, e, r)
    const passed = r.tests.filter((t) => t.ok).length
    log(
      `[${mode}] ${e.plugin.name} ${file} ${r.status} ${passed}/${r.tests.length} ${r.seconds.toFixed(1)}s`,
    )
    e[mode].push({
      file,
      status: r.status,
      seconds: r.seconds,
      tests: r.tests,
      fileError: r.fileError,
    })
  })
}

async function main() {
  const o = parseArgs(process.argv.slice(2))
  const manifest = JSON.parse(fs.readFileSync(path.join(HERE, 'plugins.json'), 'utf8'))
  const plugins = select(manifest, o.names)
  fs.mkdirSync(o.cache, { recursive: true })
  const realDir = prepareRealFastify(o.cache, manifest.fastify, manifest.registryBefore)
  const arbor = arborPackage(o.cache, o.entry)
  log(`real: fastify@${manifest.fastify} (${realDir})\narbor: ${arbor.kind} (${arbor.dir})`)

  const entries = []
  for (const plugin of plugins) {
    const e = { plugin, status: 'ok', note: '' }
    entries.push(e)
    try {
      e.dir = preparePlugin(o.cache, plugin, manifest.registryBefore, log).dir
    } catch (err) {
      Object.assign(e, {
        status: 'setup-failed',
        note: `setup failed: ${String(err.stderr || err.message).split('\n')[0]}`,
      })
      continue
    }
    e.plan = { ...testPlan(e.dir, plugin), dir: e.dir }
    if (e.plan.status === 'no-tests')
      Object.assign(e, { status: 'no-tests', note: 'no tests in the npm tarball' })
    else if (e.plan.status === 'unsupported')
      Object.assign(e, { status: 'unsupported', note: `runner not supported: ${e.plan.command}` })
    const cached = path.join(e.dir ?? '', `.real-results-${manifest.fastify}.json`)
    if (o.reuseReal && e.status === 'ok' && fs.existsSync(cached))
      e.real = JSON.parse(fs.readFileSync(cached, 'utf8'))
  }

  await runMode('real', realDir, entries, o)
  for (const e of entries) {
    if (e.status === 'ok')
      fs.writeFileSync(
        path.join(e.dir, `.real-results-${manifest.fastify}.json`),
        JSON.stringify(e.real),
      )
  }
  await runMode('arbor', arbor.dir, entries, o)
  for (const e of entries) if (e.status === 'ok') linkFastify(e.dir, realDir) // leave the cache on real Fastify

  const byFile = (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)
  for (const e of entries) for (const mode of ['real', 'arbor']) e[mode]?.sort(byFile)
  process.stdout.write(
    `plugin suites: real fastify@${manifest.fastify} vs arbor (${arbor.kind})\n\n`,
  )
  printReport(entries)
  printCauses(entries)
  if (o.results) {
    writeResults(path.resolve(o.results), entries, {
      fastify: manifest.fastify,
      arbor: arbor.kind,
      date: new Date().toISOString(),
    })
    log(`results: ${path.resolve(o.results)}`)
  }
}

main().catch((err) => {
  log(`plugin-suites: ${err.stack ?? err}`)
  process.exit(2)
})
