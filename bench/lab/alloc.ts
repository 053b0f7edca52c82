// Bytes allocated per request, per framework and scenario: a count, not a timing, so it does not
// move with the machine's load or with how a process's first seconds went. Every server runs
// with bench/lab/alloc-probe.ts preloaded, is loaded unmeasured, then its heap's allocation counter
// and its request count are read before and after a measured load; the figure is the bytes the
// whole process allocated (node:http's objects, the framework's, the scenario's own) over the
// requests it received. node:http's own server of the scenario is the floor: what is left above
// it is what the framework allocates. Fewer bytes a request means fewer scavenges at any young
// generation size (BENCHMARKS.md, "Bytes allocated per request").
//   npx tsx bench/lab/alloc.ts --node PATH [--scenarios hello,params] [--only arbor,fastify5,node]
// Needs a Node line whose V8 reports total_allocated_bytes (Node 26).
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { build, compiled, ROOT } from '../lib/build.ts'
import { canPin, pinSelf, serverNodeVersion, useNode } from '../lib/child.ts'
import { table } from '../lib/format.ts'
import { warmUp } from '../lib/load.ts'
import type { Scenario } from '../lib/scenario.ts'
import { type SideServer, startSide } from '../lib/side.ts'

const { values } = parseArgs({
  options: {
    node: { type: 'string' },
    scenarios: { type: 'string', default: 'hello,params,nested,plugins,async,schema' },
    only: { type: 'string', default: 'node,arbor,fastify5' },
    warmup: { type: 'string', default: '2' },
    duration: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
})

if (canPin) pinSelf(0)
if (!values['no-build']) build(console.log)
if (values.node) useNode(values.node)
const serverNode = values.node ? resolve(values.node) : process.execPath
const counted = execFileSync(
  serverNode,
  ['-p', 'typeof require("node:v8").getHeapStatistics().total_allocated_bytes'],
  { encoding: 'utf8' },
).trim()
if (counted !== 'number') {
  throw new Error(`${serverNode} does not report total_allocated_bytes; run it on Node 26`)
}
// ARBOR_ENTRY measures another build of arbor, as in the other benches
const arbor = process.env.ARBOR_ENTRY ?? `${ROOT}dist/index.js`
const probe = ['--import', pathToFileURL(compiled('lab/alloc-probe')).href]
const load = { connections: 100, pipelining: 10 }

interface Reading {
  requests: number
  allocated: number
}

/** Asks the probe for its counters and waits for the line it prints. */
async function read({ child, pid }: SideServer): Promise<Reading> {
  const seen = child.stderr().split('\n').length
  process.kill(pid, 'SIGUSR2')
  for (let waited = 0; waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    const lines = child.stderr().split('\n')
    if (lines.length > seen) {
      const line = lines.slice(seen - 1).find((l) => l.startsWith('{"alloc"'))
      if (line) return (JSON.parse(line) as { alloc: Reading }).alloc
    }
  }
  throw new Error('the allocation probe did not answer')
}

interface Row {
  scenario: string
  framework: string
  bytesPerRequest: number
  requests: number
}

const rows: Row[] = []
const frameworks = values.only.split(',')
const scenarios = values.scenarios.split(',')
console.log(`servers on Node ${serverNodeVersion()}`)
for (const name of scenarios) {
  const { scenario } = (await import(`../scenarios/${name}.ts`)) as { scenario: Scenario }
  for (const framework of frameworks) {
    const server = await startSide(framework === 'arbor' ? arbor : framework, scenario, probe)
    try {
      await warmUp(server.port, scenario.requests, { ...load, duration: Number(values.warmup) })
      const before = await read(server)
      await warmUp(server.port, scenario.requests, { ...load, duration: Number(values.duration) })
      const after = await read(server)
      const requests = after.requests - before.requests
      const row = {
        scenario: name,
        framework,
        bytesPerRequest: (after.allocated - before.allocated) / requests,
        requests,
      }
      rows.push(row)
      console.log(
        `${name.padEnd(8)} ${framework.padEnd(9)} ${row.bytesPerRequest.toFixed(0)} B/req over ${requests} requests`,
      )
    } finally {
      await server.child.stop()
    }
  }
}

const of = (scenario: string, framework: string) =>
  rows.find((r) => r.scenario === scenario && r.framework === framework)?.bytesPerRequest
const kb = (bytes: number | undefined) => (bytes === undefined ? '–' : (bytes / 1024).toFixed(2))
const head = [
  'scenario',
  'node:http (floor) KB',
  'arbor KB',
  'Fastify 5 KB',
  'arbor ÷ Fastify 5',
  'arbor above the floor',
  'Fastify 5 above the floor',
]
const lines = scenarios.map((scenario) => {
  const [floor, mine, peer] = [
    of(scenario, 'node'),
    of(scenario, 'arbor'),
    of(scenario, 'fastify5'),
  ]
  const ratio = mine !== undefined && peer !== undefined ? (mine / peer).toFixed(2) : '–'
  const above = (v: number | undefined) =>
    v !== undefined && floor !== undefined ? kb(v - floor) : '–'
  return [scenario, kb(floor), kb(mine), kb(peer), ratio, above(mine), above(peer)]
})
console.log(table(head, lines))
if (values.out) {
  writeFileSync(values.out, `${JSON.stringify({ node: serverNodeVersion(), rows }, null, 1)}\n`)
}
