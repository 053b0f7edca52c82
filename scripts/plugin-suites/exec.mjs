// Bounded child processes: each runs in its own process group, is killed with
// its group after a timeout, and whatever it leaves running is killed when it
// ends. A signal to the runner kills every group it started.
import { spawn } from 'node:child_process'

const active = new Set()
const MAX_OUTPUT = 16 * 1024 * 1024

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    for (const pid of active) killGroup(pid)
    process.exit(code)
  })
}
process.on('exit', () => {
  for (const pid of active) killGroup(pid)
})

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, timeoutMs: number }} options
 */
export function runBounded(command, args, options) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const out = { stdout: '', stderr: '' }
    for (const key of ['stdout', 'stderr']) {
      child[key].setEncoding('utf8')
      child[key].on('data', (d) => {
        if (out[key].length < MAX_OUTPUT) out[key] += d
      })
    }
    active.add(child.pid)
    let timedOut = false
    const guard = setTimeout(() => {
      timedOut = true
      killGroup(child.pid)
    }, options.timeoutMs)
    const finish = (code, signal) => {
      clearTimeout(guard)
      active.delete(child.pid)
      killGroup(child.pid) // servers or timers the tests left running
      resolve({ ...out, code, signal, timedOut, seconds: (Date.now() - started) / 1000 })
    }
    child.on('error', (err) => {
      out.stderr += String(err)
      finish(null, null)
    })
    child.on('close', finish)
  })
}

/** Runs fn over items, at most `jobs` at a time, keeping the items' order in the result. */
export async function pool(jobs, items, fn) {
  const results = new Array(items.length)
  let next = 0
  async function worker() {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker))
  return results
}
