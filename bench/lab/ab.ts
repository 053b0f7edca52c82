import { parseArgs } from 'node:util'
import { build } from '../lib/build.ts'
import { canPin, inOwnSession, isOwnSession, pinSelf, setNice, useNode } from '../lib/child.ts'
import { measure, measurePair, warmUp } from '../lib/load.ts'
import type { Scenario } from '../lib/scenario.ts'
import { startSide } from '../lib/side.ts'
import { spread } from '../lib/stats.ts'
import { installZodProvider } from '../lib/zod-provider.ts'

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: 'dist/index.js' },
    scenario: { type: 'string', default: 'hello' },
    trials: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '4' },
    duration: { type: 'string', default: '2' },
    'no-build': { type: 'boolean', default: false },
    nice: { type: 'string' },
    solo: { type: 'boolean', default: false },
    node: { type: 'string' },
  },
})
// As in run.ts: a session of its own, so the nice level counts against other sessions' work.
if (values.nice !== undefined && !isOwnSession) await inOwnSession(process.argv.slice(2))
if (!values.a) throw new Error('--a is required (an arbor entry file or a framework name)')
const { scenario } = (await import(`../scenarios/${values.scenario}.ts`)) as { scenario: Scenario }
if (canPin) pinSelf(0)
if (values.nice !== undefined) setNice(Number(values.nice))
if (!values['no-build']) build(console.log)
// --node PATH: both servers run on that Node binary (a Node line), the runner stays on its own.
if (values.node) console.log(`servers on Node ${useNode(values.node)} (${values.node})`)
const load = { connections: 100, pipelining: 10, duration: Number(values.duration) }

async function start(side: string) {
  if (side === 'fastify5-zod') installZodProvider()
  return startSide(side, scenario)
}

const cpu: number[] = []
const req: number[] = []
if (values.solo) await soloTrials()
for (let trial = 1; !values.solo && trial <= Number(values.trials); trial++) {
  const a = await start(values.a)
  const b = await start(values.b)
  try {
    // Both warmed at once, then a pause for the JIT threads to finish: a server warmed last
    // still compiles in the background during the first round, which counts against it.
    await measurePair([a, b], scenario.requests, { ...load, duration: 3 })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const line: string[] = []
    for (let round = 1; round <= Number(values.rounds); round++) {
      const swap = round % 2 === 0
      const pair = await measurePair(swap ? [a, b] : [b, a], scenario.requests, load)
      const [cpuB, cpuA] = swap ? [pair.cpu[1], pair.cpu[0]] : pair.cpu
      const [reqB, reqA] = swap ? [pair.requests[1], pair.requests[0]] : pair.requests
      cpu.push(cpuB / cpuA)
      req.push(reqB / reqA)
      line.push(`${(cpuB / cpuA).toFixed(3)}/${(reqB / reqA).toFixed(3)}`)
    }
    console.log(`trial ${trial}: B÷A CPU/req / requests: ${line.join('  ')}`)
  } finally {
    await Promise.all([a.child.stop(), b.child.stop()])
  }
}
/**
 * --solo: each side alone on the server core, one fresh process per trial and side, the side
 * that goes first alternating. A process warmed up alone is measured in successive runs; the
 * ratio is of the two processes' median CPU per request (and req/s) within the trial. Sharing
 * a core can change what a request costs (see BENCHMARKS.md), so this is the check for it.
 */
async function soloTrials(): Promise<void> {
  // the connections each server gets in the paired method, so the two methods compare
  const alone = { ...load, connections: load.connections / 2 }
  const median = (values: number[]) => spread(values)!.median
  for (let trial = 1; trial <= Number(values.trials); trial++) {
    const order: Array<'a' | 'b'> = trial % 2 === 1 ? ['a', 'b'] : ['b', 'a']
    const result = new Map<'a' | 'b', { cpu: number; rps: number }>()
    for (const side of order) {
      const server = await start(values[side]!)
      try {
        await warmUp(server.port, scenario.requests, { ...alone, duration: 3 })
        const cpus: number[] = []
        const rates: number[] = []
        for (let round = 1; round <= Number(values.rounds); round++) {
          const m = await measure(server.pid, server.port, scenario.requests, alone)
          cpus.push(m.cpuUsPerRequest)
          rates.push(m.reqPerSec)
        }
        result.set(side, { cpu: median(cpus), rps: median(rates) })
      } finally {
        await server.child.stop()
      }
    }
    const a = result.get('a')!
    const b = result.get('b')!
    cpu.push(b.cpu / a.cpu)
    req.push(b.rps / a.rps)
    console.log(
      `trial ${trial} (solo): A ${a.cpu.toFixed(2)} µs/req ${Math.round(a.rps)} req/s, B ${b.cpu.toFixed(2)} µs/req ${Math.round(b.rps)} req/s: B÷A CPU/req ${(b.cpu / a.cpu).toFixed(3)}, req/s ${(b.rps / a.rps).toFixed(3)}`,
    )
  }
}

const show = (values: number[]) => {
  const s = spread(values)!
  return `${s.median.toFixed(3)} (${s.min.toFixed(3)}–${s.max.toFixed(3)})`
}
console.log(
  `${values.scenario}: B ÷ A  CPU/req ${show(cpu)}  requests ${show(req)}  (${cpu.length} rounds)`,
)
