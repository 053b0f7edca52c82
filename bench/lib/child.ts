// Starts server processes pinned to a core and stops them by pid. Every process started
// here is remembered until it has exited, and killed when the runner exits for any reason.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readdirSync, writeFileSync } from 'node:fs'
import { setPriority } from 'node:os'
import { resolve } from 'node:path'

const live = new Map<number, ChildProcess>()

function killAll(): void {
  for (const pid of live.keys()) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  live.clear()
}

process.on('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll()
    process.exit(130)
  })
}

/** Whether `taskset` can pin processes here (it needs at least two cores to be useful). */
export const canPin = hasTaskset()

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Pins this process, all its threads included, to one core. */
export function pinSelf(cpu: number): void {
  if (canPin) execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(process.pid)])
}

/**
 * Runs this script again in a session of its own and exits with its exit code. Linux
 * schedules each session as one group (autogroup), so a nice level only counts against
 * other sessions' work when it is set on a group that holds nothing but the benchmark.
 */
export async function inOwnSession(argv: string[]): Promise<never> {
  const child = spawn(
    'setsid',
    ['--wait', process.execPath, ...process.execArgv, process.argv[1]!, ...argv],
    {
      stdio: 'inherit',
      env: { ...process.env, ARBOR_BENCH_SESSION: String(process.pid) },
    },
  )
  const forward = (signal: NodeJS.Signals) => () => {
    if (child.pid !== undefined) child.kill(signal)
  }
  process.removeAllListeners('SIGINT').on('SIGINT', forward('SIGINT'))
  process.removeAllListeners('SIGTERM').on('SIGTERM', forward('SIGTERM'))
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)))
  process.exit(code)
}

/** Whether this process is the copy inOwnSession started. */
export const isOwnSession = process.env.ARBOR_BENCH_SESSION !== undefined

/**
 * Sets the nice level of this session's scheduling group and of every thread of this
 * process; the servers started from now on inherit both.
 */
export function setNice(level: number): void {
  try {
    writeFileSync('/proc/self/autogroup', String(level))
  } catch {
    // no autogroup scheduling here: the per-thread nice level below is what counts
  }
  for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), level)
}

/** The Node binary server processes run on: this runner's own unless `--node PATH` says otherwise. */
let serverNode = process.execPath

/** Runs every server started from now on with this Node binary; returns its version (`v24.1.0`). */
export function useNode(path: string): string {
  const binary = resolve(path)
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim()
  if (!/^v\d+\./.test(version)) throw new Error(`${path} is not a Node binary (said ${version})`)
  serverNode = binary
  return version
}

/** The version of the Node binary the servers run on. */
export function serverNodeVersion(): string {
  return serverNode === process.execPath
    ? process.version
    : execFileSync(serverNode, ['--version'], { encoding: 'utf8' }).trim()
}

export interface ChildOptions {
  file: string
  args: string[]
  /** The core to pin the process to; undefined runs it unpinned. */
  cpu: number | undefined
  /** Extra node flags (e.g. `--import tsx`, `--cpu-prof`). */
  nodeFlags?: string[]
  env?: Record<string, string>
}

export interface Child {
  pid: number
  stderr(): string
  /** Resolves with the exit code, or null when killed by a signal. */
  exited: Promise<number | null>
  /** SIGTERM (the servers exit cleanly on it), then SIGKILL if it has not exited in 3 s. */
  stop(): Promise<void>
  /** The first line the child prints on stdout that is a JSON object. */
  firstJson(timeoutMs: number): Promise<Record<string, unknown>>
}

export function startChild(options: ChildOptions): Child {
  const node = [...(options.nodeFlags ?? []), options.file, ...options.args]
  let command = [serverNode, ...node]
  if (options.cpu !== undefined && canPin)
    command = ['taskset', '-c', String(options.cpu), ...command]
  const child = spawn(command[0]!, command.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', ...options.env },
  })
  const pid = child.pid
  if (pid === undefined) throw new Error(`could not start ${options.file}`)
  live.set(pid, child)
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 20_000) stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      live.delete(pid)
      resolve(code)
    })
  })
  // The first JSON line on stdout; whatever comes after it is read and dropped.
  const json = new Promise<Record<string, unknown>>((resolve, reject) => {
    let buffered = ''
    let found = false
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      if (found) return
      buffered += chunk
      let newline = buffered.indexOf('\n')
      while (newline >= 0 && !found) {
        const line = buffered.slice(0, newline).trim()
        buffered = buffered.slice(newline + 1)
        if (line.startsWith('{')) {
          found = true
          try {
            resolve(JSON.parse(line) as Record<string, unknown>)
          } catch (error) {
            reject(error)
          }
        }
        newline = buffered.indexOf('\n')
      }
    })
    exited.then((code) => {
      if (!found) reject(new Error(`exited with code ${code}: ${lastLines(stderr)}`))
    })
  })
  json.catch(() => {})
  const stop = async (): Promise<void> => {
    if (!live.has(pid)) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => {
      if (live.has(pid)) child.kill('SIGKILL')
    }, 3000)
    await exited
    clearTimeout(timer)
  }
  const firstJson = async (timeoutMs: number): Promise<Record<string, unknown>> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      return await Promise.race([json, timeout])
    } finally {
      clearTimeout(timer)
    }
  }
  return { pid, stderr: () => stderr, exited, stop, firstJson }
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-6).join(' | ') || '(no stderr)'
}
