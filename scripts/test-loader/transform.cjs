// TypeScript -> JavaScript for the test loader: esbuild with tsx's options (target the running
// Node, keepNames for the plugin and function names arbor reads, inline source maps), cached by
// content in the temp dir so a run's ~220 processes transform each file once, and later runs none.
// The source maps carry mappings only: stack traces still point at the .ts lines, and each
// process decodes a third of the text (0.05 s less CPU per process loading src/index.ts).
'use strict'
const { createHash } = require('node:crypto')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const root = path.join(__dirname, '..', '..')
// The compiler options esbuild reads (verbatimModuleSyntax keeps side-effect imports; the target
// decides class fields), from the project's own tsconfig.json.
const compilerOptions = JSON.parse(
  fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8'),
).compilerOptions
const options = {
  loader: 'ts',
  format: 'esm',
  target: `node${process.versions.node}`,
  sourcemap: 'inline',
  sourcesContent: false,
  keepNames: true,
  tsconfigRaw: { compilerOptions },
}
const uid = typeof process.getuid === 'function' ? process.getuid() : 'user'
const cacheDir = path.join(os.tmpdir(), `arbor-test-loader-${uid}`)
let esbuild
let salt

/** Where the cache keeps the JavaScript of `source` (the file `filename`). */
function cachePath(filename, source) {
  salt ??= JSON.stringify([
    require('esbuild/package.json').version,
    options,
    fs.readFileSync(__filename, 'utf8'),
  ])
  const key = createHash('sha256').update(salt).update(filename).update('\0').update(source)
  return path.join(cacheDir, `${key.digest('hex')}.js`)
}

/** Write then rename: the run's processes read the cache while others fill it. */
function store(cached, code) {
  fs.mkdirSync(cacheDir, { recursive: true })
  const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`
  fs.writeFileSync(partial, code)
  fs.renameSync(partial, cached)
}

/** esbuild's options for one file: the loader's, and its name for the source map. */
function esbuildOptions(filename) {
  return { ...options, sourcefile: filename }
}

function compile(filename, source) {
  const cached = cachePath(filename, source)
  try {
    return fs.readFileSync(cached, 'utf8')
  } catch {}
  esbuild ??= require('esbuild')
  const { code } = esbuild.transformSync(source, esbuildOptions(filename))
  store(cached, code)
  return code
}

module.exports = { compile, cachePath, store, esbuildOptions }
