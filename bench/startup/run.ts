// bench/startup: time to ready() and RSS after it, each run a fresh process pinned to the
// server core, frameworks interleaved (A B C A B C ...), median of the runs. Two variants of
// the same 1,000 routes: `plain` (GET, no schema) and `schema` (POST, each route with its own
// body and response schema).
import { type ArborEntry, compiled } from '../build.ts'
import { startChild } from '../child.ts'
import { type Spread, spread } from '../stats.ts'

export const STARTUP_FRAMEWORKS = ['arbor', 'fastify4', 'fastify5']
export const STARTUP_VARIANTS = ['plain', 'schema'] as const
export type StartupVariant = (typeof STARTUP_VARIANTS)[number]

export interface StartupRun {
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
  for (let run = 0; run < options.runs; run++) {
    for (const { variant, framework, key } of cells) {
      if (failures.has(key)) continue
      const isArbor = framework === 'arbor'
      const child = startChild({
        file: compiled('startup/app'),
        args: [framework, variant],
        cpu: options.cpu,
        nodeFlags: isArbor ? options.arbor.nodeFlags : [],
        env: isArbor ? { ARBOR_ENTRY: options.arbor.url } : {},
      })
      try {
        const line = (await child.firstJson(60_000)) as unknown as StartupRun
        runs.get(key)!.push(line)
        options.log(
          `startup ${variant.padEnd(6)} ${framework.padEnd(9)} import ${line.importMs.toFixed(0)} ms, ready ${line.readyMs.toFixed(0)} ms, process → ready ${line.processMs.toFixed(0)} ms, rss ${(line.rssBytes / 1048576).toFixed(1)} MB, first request +${line.firstOverWarmMs.toFixed(2)} ms over warm`,
        )
      } catch (error) {
        failures.set(key, (error as Error).message)
        options.log(`startup ${variant} ${framework}: FAILED ${(error as Error).message}`)
      } finally {
        await child.stop()
      }
    }
  }
  return cells.map(({ variant, framework, key }) => {
    const list = runs.get(key)!
    const failure = failures.get(key) ?? null
    const of = (field: keyof StartupRun) => (failure ? null : spread(list.map((r) => r[field])))
    return {
      framework,
      variant,
      runs: list,
      failure,
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
