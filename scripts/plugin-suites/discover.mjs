// Finds which files a plugin's own `test` script runs and with which node
// flags, leaving out coverage (c8, borp -C), lint and type-checking steps.
// Every supported runner ends up as `node --test` over single files.
import fs from 'node:fs'
import path from 'node:path'

const SKIP_STEP = /^(eslint|tstyche|tsd|tsc|standard|neostandard|npm run (lint|typescript)|tsc)\b/
const SKIP_SCRIPT = /^(lint|typescript|test:typescript|test:types|coverage)/
const C8_VALUE_FLAGS = new Set([
  '-r',
  '--reporter',
  '--lines',
  '--functions',
  '--branches',
  '--statements',
  '-x',
  '--exclude',
  '-n',
  '--include',
  '-o',
  '--reports-dir',
  '--temp-directory',
])
const BORP_VALUE_FLAGS = new Set([
  '-r',
  '--reporter',
  '--lines',
  '--functions',
  '--branches',
  '--statements',
  '-c',
  '--concurrency',
  '-X',
  '--coverage-exclude',
  '-i',
  '--ignore',
  '--post-compile',
])
const NODE_DEFAULT = [
  '**/test/**/*.{js,cjs,mjs}',
  '**/*{.,-,_}test.{js,cjs,mjs}',
  '**/test-*.{js,cjs,mjs}',
  '**/test.{js,cjs,mjs}',
]
const BORP_DEFAULT = ['**/*.test.{js,cjs,mjs}']

/** The step of the `test` script that runs the unit tests, with `npm run` expanded. */
function unitStep(scripts, name, seen = new Set()) {
  if (seen.has(name) || typeof scripts[name] !== 'string') return undefined
  seen.add(name)
  for (const raw of scripts[name].split('&&')) {
    const step = raw.trim()
    if (!step || SKIP_STEP.test(step)) continue
    const run = /^npm (?:run(?:-script)?|test) ?([\w:.-]*)/.exec(step)
    if (run) {
      const target = run[1] || 'test'
      if (SKIP_SCRIPT.test(target)) continue
      const found = unitStep(scripts, target, seen)
      if (found) return found
      continue
    }
    if (/^(c8|borp|tap|node)\b/.test(step)) return step
  }
  return undefined
}

function tokens(step) {
  return step
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => t.replace(/^(['"])(.*)\1$/, '$2'))
}

function dropC8(t) {
  if (t[0] !== 'c8') return t
  let i = 1
  while (i < t.length && t[i].startsWith('-')) i += C8_VALUE_FLAGS.has(t[i]) ? 2 : 1
  return t.slice(i)
}

function borpPlan(t, dir) {
  const globs = []
  const nodeArgs = []
  for (let i = 1; i < t.length; i++) {
    const a = t[i]
    if (a === '-t' || a === '--timeout') nodeArgs.push(`--test-timeout=${t[++i]}`)
    else if (a.startsWith('--timeout=')) nodeArgs.push(`--test-timeout=${a.slice(10)}`)
    else if (BORP_VALUE_FLAGS.has(a)) i++
    else if (!a.startsWith('-')) globs.push(a)
  }
  if (globs.length === 0) globs.push(...(borpConfigFiles(dir) ?? BORP_DEFAULT))
  return { nodeArgs, globs }
}

// borp reads `files:` from .borp.yaml; a plain list is all the plugins use.
function borpConfigFiles(dir) {
  const file = ['.borp.yaml', '.borp.yml'].map((f) => path.join(dir, f)).find(fs.existsSync)
  if (!file) return undefined
  const out = []
  let inFiles = false
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (/^files:\s*$/.test(line)) inFiles = true
    else if (/^\S/.test(line)) inFiles = false
    else if (inFiles) {
      const m = /^\s*-\s*['"]?([^'"]+)['"]?\s*$/.exec(line)
      if (m) out.push(m[1])
    }
  }
  return out.length ? out : undefined
}

function nodePlan(t) {
  const globs = []
  const nodeArgs = []
  for (const a of t.slice(1)) {
    if (a === '--test' || /^--test-(reporter|coverage)/.test(a)) continue
    if (a.startsWith('-')) nodeArgs.push(a)
    else globs.push(a)
  }
  return { nodeArgs, globs: globs.length ? globs : NODE_DEFAULT }
}

function globToRegExp(glob) {
  let re = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*'
      i += glob[i + 2] === '/' ? 2 : 1
    } else if (c === '*') re += '[^/]*'
    else if (c === '?') re += '[^/]'
    else if (c === '{') {
      const end = glob.indexOf('}', i)
      re += `(?:${glob
        .slice(i + 1, end)
        .split(',')
        .map(escapeRe)
        .join('|')})`
      i = end
    } else re += escapeRe(c)
  }
  return new RegExp(`^${re}$`)
}

function escapeRe(s) {
  return s.replace(/[.+^$()|[\]\\]/g, '\\$&')
}

function walk(dir, rel = '', out = []) {
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue
    const r = rel ? `${rel}/${e.name}` : e.name
    if (e.isDirectory()) walk(dir, r, out)
    else if (e.isFile()) out.push(r)
  }
  return out
}

export function matchFiles(dir, globs) {
  const include = globs
    .filter((g) => !g.startsWith('!'))
    .map((g) => globToRegExp(g.replace(/^\.\//, '')))
  const exclude = globs
    .filter((g) => g.startsWith('!'))
    .map((g) => globToRegExp(g.slice(1).replace(/^\.\//, '')))
  return walk(dir)
    .filter((f) => include.some((r) => r.test(f)) && !exclude.some((r) => r.test(f)))
    .sort()
}

/**
 * @param {string} dir the extracted package
 * @param {{ files?: string[], nodeArgs?: string[] }} override from plugins.json
 * @returns {{ status: 'ok' | 'no-tests' | 'unsupported', command: string, files: string[], nodeArgs: string[] }}
 */
export function testPlan(dir, override = {}) {
  // setup keeps the published package.json as package.orig.json
  const orig = path.join(dir, 'package.orig.json')
  const file = fs.existsSync(orig) ? orig : path.join(dir, 'package.json')
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'))
  const scripts = pkg.scripts ?? {}
  const step = unitStep(scripts, 'test') ?? ''
  const hasTests = fs.existsSync(path.join(dir, 'test')) || fs.existsSync(path.join(dir, 'tests'))
  if (!hasTests && !override.files)
    return { status: 'no-tests', command: step, files: [], nodeArgs: [] }
  const t = dropC8(tokens(step))
  let plan
  if (override.files) plan = { globs: override.files, nodeArgs: [] }
  else if (t[0] === 'borp') plan = borpPlan(t, dir)
  else if (t[0] === 'node' && t.includes('--test')) plan = nodePlan(t)
  else return { status: 'unsupported', command: step, files: [], nodeArgs: [] }
  const nodeArgs = [...plan.nodeArgs, ...(override.nodeArgs ?? [])]
  const files = matchFiles(dir, plan.globs)
  return { status: files.length ? 'ok' : 'no-tests', command: step, files, nodeArgs }
}
