// Runs one plugin's test files against whichever fastify is linked into its
// directory: one `node --test` process per file, TAP out, counted per leaf test.
import path from 'node:path'
import { runBounded } from './exec.mjs'
import { parseTap } from './tap.mjs'

// The first line of stderr that names an error, for a file that failed
// before or outside its tests (a missing module, a crash, a timeout).
export function firstErrorLine(stderr) {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  const hit = lines.find(
    (l) =>
      /^(\w*Error|Error \[|\[?ERR_|Uncaught|TypeError|node:)/.test(l) &&
      !l.startsWith('node:internal'),
  )
  return (hit ?? lines[0] ?? '').slice(0, 300)
}

/**
 * @param {{ dir: string, nodeArgs: string[] }} plan
 * @param {string} file relative to plan.dir
 * @param {{ timeoutMs: number }} options
 */
export async function runFile(plan, file, options) {
  const abs = path.join(plan.dir, file)
  const env = { ...process.env }
  delete env.NODE_TEST_CONTEXT
  delete env.NODE_OPTIONS
  const args = [...plan.nodeArgs, '--test', '--test-reporter=tap', abs]
  const r = await runBounded(process.execPath, args, {
    cwd: plan.dir,
    env,
    timeoutMs: options.timeoutMs,
  })
  // node copies a file's own stderr into the TAP as `# ` lines
  const diag = r.stdout
    .split('\n')
    .filter((l) => /^\s*# /.test(l) && !/^\s*# Subtest: /.test(l))
    .map((l) => l.replace(/^\s*# /, ''))
  const stderr = `${r.stderr}\n${diag.join('\n')}`
  const seen = new Map()
  const tests = []
  let fileError
  for (const p of parseTap(r.stdout)) {
    if (!p.counted) continue
    // node reports a file that fails outside any test as a test named after the file
    const isFile = p.path.length === 1 && (p.name === abs || p.name === file)
    if (isFile && p.ok) continue // a file with no tests of its own (a helper) is no test
    const base = isFile ? '(file)' : p.path.join(' > ')
    const n = (seen.get(base) ?? 0) + 1
    seen.set(base, n)
    const key = n === 1 ? base : `${base} #${n}`
    let error = p.error
    if (!p.ok && (isFile || !error || error === 'test failed'))
      error = firstErrorLine(stderr) || error
    if (isFile && !p.ok) fileError = error
    tests.push({
      key,
      ok: p.ok,
      error: p.ok ? undefined : (error ?? '').split('\n')[0].slice(0, 300),
    })
  }
  let status = 'ok'
  if (r.timedOut) status = 'timeout'
  else if (r.code !== 0 || tests.some((t) => !t.ok)) status = 'fail'
  if (r.timedOut) fileError = `killed after ${options.timeoutMs / 1000}s (file timeout)`
  else if (status === 'fail' && tests.length === 0)
    fileError = firstErrorLine(stderr) || `exit ${r.code}`
  return { file, status, seconds: r.seconds, tests, fileError, stderr: r.stderr, tap: r.stdout }
}
