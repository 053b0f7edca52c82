// bench/startup: the cold start (spawning a server process to the first byte of its first
// response, measured here, from outside), time to ready() and RSS after it, each run a fresh
// process pinned to the server core, frameworks interleaved (A B C A B C ...), median of the
// runs. Two variants of the same 1,000 routes: `plain` (GET, no schema) and `schema` (POST,
// each route with its own body and response schema).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type ArborEntry, compiled } from '../lib/build.ts'
import { startChild } from '../lib/child.ts'
import { type Spread, spread } from '../lib/stats.ts'

export const STARTUP_FRAMEWORKS = ['arbor', 'fastify4', 'fastify5']
export const STARTUP_VARIANTS = ['plain', 'schema'] as const
export type StartupVariant = (typeof STARTUP_VARIANTS)[number]

export interface StartupRun {
  /** Spawning the process to the first byte of its first response, seen from the runner. */
  coldStartMs: number
  /** Sending the first request (the server listens) to its response's first byte. */
  firstResponseMs: number
  /** Spawning the process to the line that says it listens. */
  spawnToListenMs: number
  /** The first request inside the server: its arrival to the end of its response. */
  firstServedMs: number
  importMs: number
  readyMs: number
  processMs: number
  rssBytes: number
  firstRequestMs: number
  warmRequestMs: number
  firstOverWarmMs: number
  firstOverWarmMaxMs: number
}

export interface StartupRow {
  framework: string
  /** Missing in results written before the schema variant existed: those are `plain`. */
  variant?: StartupVariant
  runs: StartupRun[]
  failure: string | null
  coldStartMs?: Spread | null
  firstResponseMs?: Spread | null
  spawnToListenMs?: Spread | null
  firstServedMs?: Spread | null
  readyMs: Spread | null
  importMs: Spread | null
  processMs: Spread | null
  rssBytes: Spread | null
  firstRequestMs?: Spread | null
  warmRequestMs?: Spread | null
  firstOverWarmMs?: Spread | null
  firstOverWarmMaxMs?: Spread | null
}

export async function runStartup(options: {
  frameworks: string[]
  variants: readonly StartupVariant[]
  runs: number
  cpu: number | undefined
  arbor: ArborEntry
  log: (line: string) => void
}): Promise<StartupRow[]> {
  const frameworks = STARTUP_FRAMEWORKS.filter((f) => options.frameworks.includes(f))
  const cells = options.variants.flatMap((variant) =>
    frameworks.map((framework) => ({ variant, framework, key: `${variant} ${framework}` })),
  )
  const runs = new Map<string, StartupRun[]>(cells.map((c) => [c.key, []]))
  const failures = new Map<string, string>()
  const dir = mkdtempSync(join(tmpdir(), 'arbor-startup-'))
  for (let run = 0; run < options.runs; run++) {
    for (const { variant, framework, key } of cells) {
      if (failures.has(key)) continue
      const isArbor = framework === 'arbor'
      const file = join(dir, `${run}-${variant}-${framework}.json`)
      const spawned = performance.now()
      const child = startChild({
        file: compiled('startup/app'),
        args: [framework, variant, file],
        cpu: options.cpu,
        nodeFlags: isArbor ? options.arbor.nodeFlags : [],
        env: isArbor ? { ARBOR_ENTRY: options.arbor.url } : {},
      })
      try {
        const listening = (await child.firstJson(60_000)) as unknown as Listening
        const listenedAt = performance.now()
        const first = await firstByte(listening)
        const code = await Promise.race([child.exited, timeout(60_000)])
        if (code !== 0) throw new Error(`exited with ${code}: ${child.stderr().slice(-400)}`)
        const inside = JSON.parse(readFileSync(file, 'utf8')) as StartupRun
        const line: StartupRun = {
          ...inside,
          coldStartMs: first.at - spawned,
          firstResponseMs: first.at - first.sent,
          spawnToListenMs: listenedAt - spawned,
        }
        runs.get(key)!.push(line)
        options.log(
          `startup ${variant.padEnd(6)} ${framework.padEnd(9)} cold start ${line.coldStartMs.toFixed(0)} ms (first request ${line.firstResponseMs.toFixed(1)} ms), import ${line.importMs.toFixed(0)} ms, ready ${line.readyMs.toFixed(0)} ms, process → ready ${line.processMs.toFixed(0)} ms, rss ${(line.rssBytes / 1048576).toFixed(1)} MB, first inject +${line.firstOverWarmMs.toFixed(2)} ms over warm`,
        )
      } catch (error) {
        failures.set(key, (error as Error).message)
        options.log(`startup ${variant} ${framework}: FAILED ${(error as Error).message}`)
      } finally {
        await child.stop()
      }
    }
  }
  rmSync(dir, { recursive: true, force: true })
  return cells.map(({ variant, framework, key }) => {
    const list = runs.get(key)!
    const failure = failures.get(key) ?? null
    const of = (field: keyof StartupRun) => (failure ? null : spread(list.map((r) => r[field])))
    return {
      framework,
      variant,
      runs: list,
      failure,
      coldStartMs: of('coldStartMs'),
      firstResponseMs: of('firstResponseMs'),
      spawnToListenMs: of('spawnToListenMs'),
      firstServedMs: of('firstServedMs'),
      readyMs: of('readyMs'),
      importMs: of('importMs'),
      processMs: of('processMs'),
      rssBytes: of('rssBytes'),
      firstRequestMs: of('firstRequestMs'),
      warmRequestMs: of('warmRequestMs'),
      firstOverWarmMs: of('firstOverWarmMs'),
      firstOverWarmMaxMs: of('firstOverWarmMaxMs'),
    }
  })
}

/** What a startup process prints once it listens: where, and the first request to send. */
interface Listening {
  port: number
  request: { method: string; url: string; payload?: string; headers?: Record<string, string> }
  answer: string
}

/**
 * Sends the first request on a fresh connection; resolves when its response's first byte
 * (the status line and headers) arrives, after checking the whole answer.
 */
function firstByte(listening: Listening): Promise<{ sent: number; at: number }> {
  const { request, answer } = listening
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: listening.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent: false,
        timeout: 30_000,
      },
      (res) => {
        const at = performance.now()
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => {
          if (res.statusCode === 200 && body === answer) resolve({ sent, at })
          else reject(new Error(`first request: ${res.statusCode} ${body.slice(0, 200)}`))
        })
      },
    )
    req.on('error', reject)
    req.on('timeout', () => req.destroy(new Error('first request timed out')))
    const sent = performance.now()
    req.end(request.payload)
  })
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => {
    setTimeout(() => reject(new Error(`no exit within ${ms} ms`)), ms).unref()
  })
}
