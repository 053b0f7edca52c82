// bench/startup: time to ready() and RSS after it, each run a fresh process pinned to the
// server core, frameworks interleaved (A B C A B C ...), median of the runs.
import { type ArborEntry, compiled } from '../build.ts'
import { startChild } from '../child.ts'
import { type Spread, spread } from '../stats.ts'

export const STARTUP_FRAMEWORKS = ['arbor', 'fastify4', 'fastify5']

export interface StartupRun {
  importMs: number
  readyMs: number
  processMs: number
  rssBytes: number
}

export interface StartupRow {
  framework: string
  runs: StartupRun[]
  failure: string | null
  readyMs: Spread | null
  importMs: Spread | null
  processMs: Spread | null
  rssBytes: Spread | null
}

export async function runStartup(options: {
  frameworks: string[]
  runs: number
  cpu: number | undefined
  arbor: ArborEntry
  log: (line: string) => void
}): Promise<StartupRow[]> {
  const frameworks = STARTUP_FRAMEWORKS.filter((f) => options.frameworks.includes(f))
  const runs = new Map<string, StartupRun[]>(frameworks.map((f) => [f, []]))
  const failures = new Map<string, string>()
  for (let run = 0; run < options.runs; run++) {
    for (const framework of frameworks) {
      if (failures.has(framework)) continue
      const isArbor = framework === 'arbor'
      const child = startChild({
        file: compiled('startup/app'),
        args: [framework],
        cpu: options.cpu,
        nodeFlags: isArbor ? options.arbor.nodeFlags : [],
        env: isArbor ? { ARBOR_ENTRY: options.arbor.url } : {},
      })
      try {
        const line = await child.firstJson(30_000)
        runs.get(framework)!.push(line as unknown as StartupRun)
      } catch (error) {
        failures.set(framework, (error as Error).message)
        options.log(`startup ${framework}: FAILED ${(error as Error).message}`)
      } finally {
        await child.stop()
      }
    }
  }
  return frameworks.map((framework) => {
    const list = runs.get(framework)!
    const failure = failures.get(framework) ?? null
    const of = (key: keyof StartupRun) => (failure ? null : spread(list.map((r) => r[key])))
    return {
      framework,
      runs: list,
      failure,
      readyMs: of('readyMs'),
      importMs: of('importMs'),
      processMs: of('processMs'),
      rssBytes: of('rssBytes'),
    }
  })
}
