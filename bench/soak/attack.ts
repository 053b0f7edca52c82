// `npm run soak -- --attack`: the same app (attack-app.ts) on arbor and on Fastify 5, one after
// the other in one run, each through the same phases:
//   1. idle connections: RSS after a full GC, before and after opening N answered, kept-alive,
//      idle connections: the difference over N is the memory an idle connection costs;
//   2. baseline: the probe alone (GET /probe at a fixed rate) for --baseline seconds;
//   3. attack: the probe beside the attacker process (attacker.ts: slow heads, slow bodies, an
//      error storm, clients leaving mid-body and mid-response) for --duration seconds, the
//      server's RSS sampled every 2 s: drift from the first sample after a tenth of the phase to
//      the last, and the least-squares slope over those samples.
// Reports per framework: probe p99 without and under attack, RSS per idle connection, RSS
// drift, probe requests lost (no 200 in time; must be 0), errors answered. JSON to
// bench/results/soak-attack.json, a table to stdout. Exits 1 when a probe request was lost or
// a server did not exit cleanly.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { startChild } from '../lib/child.ts'
import type { AttackConfig, AttackStats } from './attacker.ts'
import {
  type Memory,
  type MemorySample,
  memory,
  openIdle,
  Probe,
  type ProbeResult,
  rssSlope,
} from './probe.ts'

export interface AttackOptions extends AttackConfig {
  /** Seconds of attack per framework. */
  duration: number
  /** Seconds of probe alone per framework. */
  baseline: number
  idleConnections: number
  probeRate: number
  probeConnections: number
  requestTimeout: number
  frameworks: Array<'arbor' | 'fastify5'>
  /** The nice level the soak ran at (--nice), or null. */
  nice: number | null
}

interface FrameworkResult {
  framework: string
  idle: {
    connections: number
    rssBefore: number
    rssAfter: number
    bytesPerConnection: number
    heapBytesPerConnection: number
  }
  baseline: ProbeResult
  attack: ProbeResult
  rss: {
    attackStart: number
    attackEnd: number
    driftBytes: number
    slopeBytesPerMin: number
    peak: number
    afterAttackGc: Memory
    samples: number
  }
  attacker: AttackStats | null
  /** Errors the server answered during the attack: the storm's 500s. */
  errorsAnswered: number
  load: { start: number[]; end: number[] }
  exit: string
}

const SAMPLE_MS = 2000
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
const signedMib = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mib(bytes)}`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function soakOne(
  framework: 'arbor' | 'fastify5',
  o: AttackOptions,
): Promise<FrameworkResult> {
  const load = { start: loadavg(), end: [] as number[] }
  const server = startChild({
    file: new URL('./attack-server.ts', import.meta.url).pathname,
    args: [framework, String(o.requestTimeout)],
    cpu: undefined,
    nodeFlags: ['--import', 'tsx', '--expose-gc'],
  })
  const { port } = (await server.firstJson(120_000)) as { port: number }
  log(framework, `listening on ${port} (pid ${server.pid})`)

  // 1. idle connections
  await memory(port, true)
  const before = await memory(port, true)
  const idle = await openIdle(port, o.idleConnections)
  await sleep(500)
  const after = await memory(port, true)
  for (const socket of idle) socket.destroy()
  const perConnection = (after.rss - before.rss) / o.idleConnections
  log(framework, `${o.idleConnections} idle connections: ${kib(perConnection)} RSS each`)
  await sleep(1000)

  // 2. baseline
  let probe = new Probe(port, o.probeRate, o.probeConnections)
  await sleep(o.baseline * 1000)
  const baseline = await probe.stop()
  log(framework, `baseline: p99 ${baseline.p99Ms} ms, ${baseline.lost} lost`)

  // 3. attack
  const config: AttackConfig = {
    slowHeads: o.slowHeads,
    slowBodies: o.slowBodies,
    stormRate: o.stormRate,
    abortRate: o.abortRate,
  }
  const attacker = startChild({
    file: new URL('./attacker.ts', import.meta.url).pathname,
    args: [String(port), JSON.stringify(config)],
    cpu: undefined,
    nodeFlags: ['--import', 'tsx'],
  })
  // its one line comes when it is stopped; caught now, so a late one is a missing report
  const attackerReport = attacker
    .firstJson((o.duration + 600) * 1000)
    .catch(() => null) as Promise<AttackStats | null>
  probe = new Probe(port, o.probeRate, o.probeConnections)
  const started = performance.now()
  const samples: MemorySample[] = []
  const sampler = setInterval(() => {
    memory(port).then(
      (sample) => samples.push({ ...sample, at: (performance.now() - started) / 1000 }),
      () => {},
    )
  }, SAMPLE_MS)
  await sleep(o.duration * 1000)
  clearInterval(sampler)
  const attack = await probe.stop()
  await attacker.stop()
  const stats = await attackerReport
  await sleep(1000)
  const afterAttackGc = await memory(port, true)
  load.end = loadavg()
  const exit = await stopServer(server)

  // drift: from the first sample after a tenth of the attack (warm-up) to the last
  const steady = samples.filter((sample) => sample.at >= o.duration / 10)
  const first = steady[0] ?? samples[0]
  const last = steady.at(-1) ?? samples.at(-1)
  const errorsAnswered = stats?.storm.byStatus['500'] ?? 0
  log(
    framework,
    `attack: p99 ${attack.p99Ms} ms, ${attack.lost} lost, ${errorsAnswered} errors answered`,
  )
  return {
    framework,
    idle: {
      connections: o.idleConnections,
      rssBefore: before.rss,
      rssAfter: after.rss,
      bytesPerConnection: Math.round(perConnection),
      heapBytesPerConnection: Math.round((after.heapUsed - before.heapUsed) / o.idleConnections),
    },
    baseline,
    attack,
    rss: {
      attackStart: first?.rss ?? 0,
      attackEnd: last?.rss ?? 0,
      driftBytes: (last?.rss ?? 0) - (first?.rss ?? 0),
      slopeBytesPerMin: Math.round(rssSlope(steady)),
      peak: Math.max(0, ...samples.map((sample) => sample.rss)),
      afterAttackGc,
      samples: samples.length,
    },
    attacker: stats,
    errorsAnswered,
    load,
    exit,
  }
}

async function stopServer(server: ReturnType<typeof startChild>): Promise<string> {
  await server.stop()
  const code = await server.exited
  return code === 0 ? 'exited 0 on SIGTERM' : `exit code ${code}: ${server.stderr().slice(-300)}`
}

function log(framework: string, line: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${framework}: ${line}`)
}

function table(results: FrameworkResult[], o: AttackOptions): string {
  const rows: Array<[string, (r: FrameworkResult) => string]> = [
    ['probe p99, no attack', (r) => `${r.baseline.p99Ms} ms`],
    ['probe p99, under attack', (r) => `${r.attack.p99Ms} ms`],
    ['probe p50 / max, under attack', (r) => `${r.attack.p50Ms} / ${r.attack.maxMs} ms`],
    [
      'probe requests lost',
      (r) => `${r.baseline.lost + r.attack.lost} of ${r.baseline.sent + r.attack.sent}`,
    ],
    ['RSS per idle connection', (r) => kib(r.idle.bytesPerConnection)],
    ['heap per idle connection', (r) => kib(r.idle.heapBytesPerConnection)],
    [
      `RSS drift over ${o.duration} s`,
      (r) => `${mib(r.rss.attackStart)} → ${mib(r.rss.attackEnd)} (${signedMib(r.rss.driftBytes)})`,
    ],
    ['RSS slope', (r) => `${signedMib(r.rss.slopeBytesPerMin)}/min`],
    ['RSS peak', (r) => mib(r.rss.peak)],
    ['errors answered (500)', (r) => String(r.errorsAnswered)],
    [
      'storm sent / failed',
      (r) => `${r.attacker?.storm.sent ?? '?'} / ${r.attacker?.storm.errors ?? '?'}`,
    ],
    [
      'aborts mid-body / mid-response',
      (r) => `${r.attacker?.abortsMidBody ?? '?'} / ${r.attacker?.abortsMidResponse ?? '?'}`,
    ],
    [
      'slow heads opened / cut',
      (r) => `${r.attacker?.slowHeads.opened ?? '?'} / ${r.attacker?.slowHeads.cut ?? '?'}`,
    ],
    [
      'slow bodies opened / cut',
      (r) => `${r.attacker?.slowBodies.opened ?? '?'} / ${r.attacker?.slowBodies.cut ?? '?'}`,
    ],
    [
      'load average start → end',
      (r) => `${r.load.start[0]!.toFixed(1)} → ${r.load.end[0]!.toFixed(1)}`,
    ],
    ['server', (r) => r.exit],
  ]
  const width = Math.max(...rows.map(([label]) => label.length))
  const columns = results.map((r) =>
    Math.max(r.framework.length, ...rows.map(([, cell]) => cell(r).length)),
  )
  const line = (label: string, cells: string[]) =>
    `${label.padEnd(width)}  ${cells.map((cell, i) => cell.padEnd(columns[i]!)).join('  ')}`
  return [
    line(
      '',
      results.map((r) => r.framework),
    ),
    ...rows.map(([label, cell]) => line(label, results.map(cell))),
  ].join('\n')
}

export async function runAttack(o: AttackOptions): Promise<number> {
  console.log(
    `attack soak: ${o.frameworks.join(', ')}; ${o.baseline} s baseline + ${o.duration} s attack each; ` +
      `probe ${o.probeRate}/s over ${o.probeConnections} connections; ${o.slowHeads} slow heads, ` +
      `${o.slowBodies} slow bodies, storm ${o.stormRate}/s, aborts ${o.abortRate}/s of each kind; ` +
      `${o.idleConnections} idle connections; requestTimeout ${o.requestTimeout} ms; node ${process.version}, ` +
      `${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}, nice ${o.nice ?? 'unchanged'}`,
  )
  const results: FrameworkResult[] = []
  for (const framework of o.frameworks) results.push(await soakOne(framework, o))
  console.log(`\n${table(results, o)}`)
  const out = new URL('../results/soak-attack.json', import.meta.url).pathname
  mkdirSync(new URL('../results/', import.meta.url).pathname, { recursive: true })
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cores: cpus().length,
        options: o,
        results,
      },
      null,
      2,
    )}\n`,
  )
  console.log(`\nwritten to ${out}`)
  const failures = results
    .flatMap((r) => [
      r.baseline.lost + r.attack.lost > 0
        ? `${r.framework}: ${r.baseline.lost + r.attack.lost} probe requests lost`
        : '',
      r.exit !== 'exited 0 on SIGTERM' ? `${r.framework}: ${r.exit}` : '',
    ])
    .filter(Boolean)
  if (failures.length > 0) console.error(`attack soak failed: ${failures.join('; ')}`)
  return failures.length > 0 ? 1 : 0
}
