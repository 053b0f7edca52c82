// `node scripts/test-loader/warm.cjs`: fills the test loader's cache (transform.cjs) with every
// TypeScript file the tests can load, in one process, before the runner starts its ~220. On a
// cold cache (a fresh clone, every CI run, each Node line: the target is part of the key) each
// test process otherwise starts an esbuild service of its own for its files: 1.2 s of CPU to load
// src/index.ts cold against 0.66 s warm, measured on Node 20. Here one service transforms them
// all, concurrently.
'use strict'
const fs = require('node:fs')
const path = require('node:path')
const { cachePath, esbuildOptions, store } = require('./transform.cjs')

const root = path.join(__dirname, '..', '..')
const folders = ['src', 'test', 'scripts', 'examples', 'bench']
const skip = new Set(['node_modules', 'dist'])

function typescriptFiles(dir) {
  let entries
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
  return entries.flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return skip.has(entry.name) ? [] : typescriptFiles(file)
    return /\.[mc]?ts$/.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name) ? [file] : []
  })
}

async function warm() {
  const started = process.hrtime.bigint()
  const missing = []
  for (const folder of folders) {
    for (const file of typescriptFiles(path.join(root, folder))) {
      const source = fs.readFileSync(file, 'utf8')
      const cached = cachePath(file, source)
      if (!fs.existsSync(cached)) missing.push({ file, source, cached })
    }
  }
  if (missing.length > 0) {
    const esbuild = require('esbuild')
    await Promise.all(
      missing.map(async ({ file, source, cached }) => {
        try {
          const { code } = await esbuild.transform(source, esbuildOptions(file))
          store(cached, code)
        } catch {
          // a file esbuild refuses fails again where a test loads it, with the test's report
        }
      }),
    )
    await esbuild.stop?.()
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  console.log(
    `test loader: ${missing.length} files transformed into its cache (${Math.round(ms)} ms)`,
  )
}

warm().catch((err) => {
  // the tests still run: each process transforms what it loads, as without this step
  console.error('test loader: warming its cache failed:', err)
})
