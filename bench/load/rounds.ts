// Runs one scenario: starts every framework's server (one process each, all pinned to the
// server core; an idle server costs nothing), checks and warms each up, then measures them in
// short bursts A B C … A B C … so that each round compares frameworks loaded seconds apart,
// which matters on a machine whose speed drifts. Every server is stopped at the end.
import type { ArborEntry } from '../lib/build.ts'
import { type Child, startChild } from '../lib/child.ts'
import type { Framework } from '../lib/frameworks.ts'
import { checkAnswers, type LoadOptions, measure, measurePair, warmUp } from '../lib/load.ts'
import type { Scenario } from '../lib/scenario.ts'
import type { LoadRow, PairedRow } from './results.ts'

export interface RoundsOptions {
  rounds: number
  warmup: number
  duration: number
  connections: number
  pipelining: number
  cpu: number | undefined
  arbor: ArborEntry
  serverFile: (framework: string) => string
  /** Paired rounds: the subject and each base loaded at the same time (0 = none). */
  pairedRounds: number
  pairedDuration: number
  /** Seconds a fresh pair is loaded, unmeasured, before its rounds. */
  pairedWarmup: number
  pairs: { subject: string; bases: string[] }
  log: (row: LoadRow) => void
  logPair: (row: PairedRow) => void
}

/** Fresh process pairs the paired rounds of one comparison are spread over. */
const PAIRED_PROCESSES = 6

interface Server {
  framework: Framework
  child: Child | null
  port: number
  pid: number
  failure: string | null
}

async function startServer(
  framework: Framework,
  scenario: Scenario,
  options: RoundsOptions,
): Promise<Server> {
  const server: Server = { framework, child: null, port: 0, pid: 0, failure: null }
  const isArbor = framework.name === 'arbor'
  try {
    server.child = startChild({
      file: options.serverFile(framework.name),
      args: [scenario.name],
      cpu: options.cpu,
      nodeFlags: isArbor ? options.arbor.nodeFlags : [],
      env: isArbor ? { ARBOR_ENTRY: options.arbor.url } : {},
    })
    const ready = await server.child.firstJson(30_000)
    server.port = Number(ready.port)
    server.pid = Number(ready.pid ?? server.child.pid)
    const wrong = await checkAnswers(server.port, scenario.requests)
    if (wrong) server.failure = `wrong answer: ${wrong}`
  } catch (error) {
    server.failure = `did not start: ${(error as Error).message}`
  }
  if (server.failure) await server.child?.stop()
  return server
}

export async function runScenario(
  scenario: Scenario,
  frameworks: Framework[],
  options: RoundsOptions,
): Promise<{ rows: LoadRow[]; paired: PairedRow[] }> {
  const rows: LoadRow[] = []
  const paired: PairedRow[] = []
  const servers: Server[] = []
  const load = (duration: number): LoadOptions => ({
    connections: options.connections,
    pipelining: options.pipelining,
    duration,
  })
  try {
    for (const framework of frameworks) {
      servers.push(await startServer(framework, scenario, options))
    }
    for (const server of servers) {
      if (server.failure) continue
      try {
        await warmUp(server.port, scenario.requests, load(options.warmup))
      } catch (error) {
        server.failure = `warm-up failed: ${(error as Error).message}`
      }
    }
    for (let round = 1; round <= options.rounds; round++) {
      for (const server of servers) {
        const row: LoadRow = {
          scenario: scenario.name,
          framework: server.framework.name,
          round,
          measurement: null,
          failure: server.failure,
        }
        if (!server.failure) {
          try {
            row.measurement = await measure(
              server.pid,
              server.port,
              scenario.requests,
              load(options.duration),
            )
          } catch (error) {
            // A server that dies mid-run fails its later rounds too.
            row.failure = server.failure = (error as Error).message
          }
        }
        rows.push(row)
        options.log(row)
      }
    }
    const subject = servers.find((s) => s.framework.name === options.pairs.subject && !s.failure)
    for (const base of servers) {
      if (!subject || base === subject || base.failure) continue
      if (!options.pairs.bases.includes(base.framework.name)) continue
      const row: PairedRow = {
        scenario: scenario.name,
        framework: subject.framework.name,
        base: base.framework.name,
        ratios: [],
        reqRatios: [],
      }
      // The rounds are spread over fresh pairs of processes, PAIRED_PROCESSES of them: one
      // process can stay slow for its whole life (nextTick's lost shapes, V8's allocation-site
      // pretenuring: see BENCHMARKS.md), and the median over several pairs is not decided by one such draw.
      let round = 0
      for (let pairNo = 0; pairNo < PAIRED_PROCESSES && round < options.pairedRounds; pairNo++) {
        const fresh = await Promise.all([
          startServer(subject.framework, scenario, options),
          startServer(base.framework, scenario, options),
        ])
        try {
          const [s, b] = fresh
          if (s.failure || b.failure) break
          // One unmeasured round with both loaded, then a pause: the optimizing compiler of
          // the server loaded less recently would otherwise still run during a measured round.
          await measurePair([s, b], scenario.requests, load(options.pairedWarmup))
          await new Promise((resolve) => setTimeout(resolve, 500))
          const share = Math.ceil((options.pairedRounds - round) / (PAIRED_PROCESSES - pairNo))
          for (let n = 0; n < share; n++, round++) {
            // Which server's autocannon starts first alternates, so neither always has the edge.
            const swap = round % 2 === 1
            const pair = await measurePair(
              swap ? [b, s] : [s, b],
              scenario.requests,
              load(options.pairedDuration),
            )
            const [cpuA, cpuB] = pair.cpu
            const [reqA, reqB] = pair.requests
            row.ratios.push(swap ? cpuB / cpuA : cpuA / cpuB)
            row.reqRatios.push(swap ? reqB / reqA : reqA / reqB)
          }
        } finally {
          await Promise.all(fresh.map((f) => f.child?.stop()))
        }
      }
      paired.push(row)
      options.logPair(row)
    }
  } finally {
    await Promise.all(servers.map((s) => s.child?.stop()))
  }
  return { rows, paired }
}
