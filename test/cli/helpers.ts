import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

// The CLI's tests run the command as a user's node does, without tsx: src/cli/index.ts bundled
// once (dependencies external, as in the package), into a folder of the repository so that the
// bundle finds node_modules and package.json.
export const here = dirname(fileURLToPath(import.meta.url))
export const root = join(here, '..', '..')
export const fixture = (name: string) => join(here, 'fixtures', name)

let bundleDir: string | undefined
let bundlePath: Promise<string> | undefined

export function cliBundle(): Promise<string> {
  bundlePath ??= (async () => {
    bundleDir = mkdtempSync(join(here, '.bundle-'))
    const outfile = join(bundleDir, 'cli.mjs')
    await build({
      entryPoints: [join(root, 'src/cli/index.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    })
    return outfile
  })()
  return bundlePath
}

export function removeBundle(): void {
  if (bundleDir !== undefined) rmSync(bundleDir, { recursive: true, force: true })
}

export interface LogLine {
  msg?: string
  pid?: number
  url?: string
  [key: string]: unknown
}

/** A running `arbor` process: its output as it comes, and ways to wait on it. */
export class Cli {
  readonly child: ChildProcess
  stdout = ''
  stderr = ''
  readonly lines: LogLine[] = []
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  private waiters: Array<() => void> = []

  constructor(
    args: readonly string[],
    options: { execArgv?: string[]; entry: string; env?: NodeJS.ProcessEnv },
  ) {
    this.child = spawn(process.execPath, [...(options.execArgv ?? []), options.entry, ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', PORT: '', HOST: '', LOG_LEVEL: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let partial = ''
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk
      partial += chunk
      let nl = partial.indexOf('\n')
      while (nl !== -1) {
        const line = partial.slice(0, nl)
        partial = partial.slice(nl + 1)
        try {
          this.lines.push(JSON.parse(line) as LogLine)
        } catch {
          // not a log line
        }
        nl = partial.indexOf('\n')
      }
      this.wake()
    })
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk
      this.wake()
    })
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        resolve({ code, signal })
        this.wake()
      })
    })
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter()
  }

  /** Resolves once `check` holds, re-checked on each output; rejects after `ms`. */
  async until<T>(check: () => T | undefined | false, what: string, ms = 60_000): Promise<T> {
    const deadline = Date.now() + ms
    for (;;) {
      const value = check()
      if (value !== undefined && value !== false) return value
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(
          `arbor exited while waiting for ${what}\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`,
        )
      }
      const left = deadline - Date.now()
      if (left <= 0)
        throw new Error(
          `timed out waiting for ${what}\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`,
        )
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200))
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** The first log line whose message matches. */
  line(pattern: RegExp): LogLine | undefined {
    return this.lines.find((l) => typeof l.msg === 'string' && pattern.test(l.msg))
  }

  count(pattern: RegExp): number {
    return this.lines.filter((l) => typeof l.msg === 'string' && pattern.test(l.msg)).length
  }

  /** The port from the `listening at http://127.0.0.1:<port>` line. */
  async port(pattern = /listening at http:\/\/127\.0\.0\.1:\d+/, ms = 60_000): Promise<number> {
    const line = await this.until(() => this.line(pattern), 'the listening line', ms)
    return Number(/:(\d+)$/.exec(String(line.msg).match(/http:\/\/[^\s]+/)![0])![1])
  }

  /** Kills what is left, by pid (the process and, for a primary, its workers exit with it). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL')
  }
}

export async function runCli(
  args: readonly string[],
  options: { execArgv?: string[]; env?: NodeJS.ProcessEnv; ms?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = new Cli(args, { ...options, entry: await cliBundle() })
  const timer = setTimeout(() => cli.kill(), options.ms ?? 60_000)
  const { code } = await cli.exited
  clearTimeout(timer)
  return { code, stdout: cli.stdout, stderr: cli.stderr }
}

export async function startCli(
  args: readonly string[],
  options: { execArgv?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<Cli> {
  return new Cli(args, { ...options, entry: await cliBundle() })
}
