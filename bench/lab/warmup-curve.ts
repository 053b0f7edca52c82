// The paired ratio window by window from a fresh start (no warm-up), to see whether
// arbor costs more than a peer early in a process's life and when that ends.
//   npx tsx bench/lab/warmup-curve.ts --a fastify5 --b dist/index.js --scenario params --trials 4 --windows 12
// --flags="..." gives both servers node flags, --b-flags="..." the second one only (to see
// what one V8 setting changes, e.g. --b-flags=--min-semi-space-size=8).
import { parseArgs } from 'node:util'
import { canPin, pinSelf, useNode } from '../lib/child.ts'
import { measurePair } from '../lib/load.ts'
import type { Scenario } from '../lib/scenario.ts'
import { startSide } from '../lib/side.ts'

const { values } = parseArgs({
  options: {
    a: { type: 'string', default: 'fastify5' },
    b: { type: 'string', default: 'dist/index.js' },
    scenario: { type: 'string', default: 'params' },
    trials: { type: 'string', default: '4' },
    windows: { type: 'string', default: '12' },
    window: { type: 'string', default: '0.5' },
    node: { type: 'string' },
    flags: { type: 'string', default: '' },
    'b-flags': { type: 'string', default: '' },
  },
})
const { scenario } = (await import(`../scenarios/${values.scenario}.ts`)) as { scenario: Scenario }
if (canPin) pinSelf(0)
if (values.node) console.log(`servers on Node ${useNode(values.node)}`)
const flags = values.flags ? values.flags.split(' ') : []
const bFlags = values['b-flags'] ? values['b-flags'].split(' ') : []
const start = (side: string, extra: string[] = []) =>
  startSide(side, scenario, [...flags, ...extra])
const load = { connections: 100, pipelining: 10, duration: Number(values.window) }
const columns: number[][] = []
for (let trial = 1; trial <= Number(values.trials); trial++) {
  const a = await start(values.a)
  const b = await start(values.b, bFlags)
  const line: string[] = []
  try {
    for (let w = 0; w < Number(values.windows); w++) {
      const swap = w % 2 === 1
      const pair = await measurePair(swap ? [a, b] : [b, a], scenario.requests, load)
      const [cpuB, cpuA] = swap ? [pair.cpu[1], pair.cpu[0]] : pair.cpu
      ;(columns[w] ??= []).push(cpuB / cpuA)
      line.push(`${(cpuB / cpuA).toFixed(2)}`)
    }
  } finally {
    await Promise.all([a.child.stop(), b.child.stop()])
  }
  console.log(`trial ${trial}: ${line.join(' ')}`)
}
const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)]!
console.log(`median: ${columns.map((c) => median(c).toFixed(2)).join(' ')}`)
