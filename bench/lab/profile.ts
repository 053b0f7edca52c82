// Profiles one server under load: `npx tsx bench/lab/profile.ts arbor hello [--duration 5]
// [--top 15]`. The server runs with --cpu-prof; the profile lands in bench/results/
// (<framework>-<scenario>.cpuprofile, open it in Chrome DevTools for a flame graph) and the
// functions with the most self time are printed, then the same time grouped by where the
// code lives (arbor, a dependency, Node's internals). <framework>-<scenario>.summary.json
// keeps each function's self time and the requests served in the window, so two profiles
// can be compared per request.
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { parseArgs } from 'node:util'
import { arborEntry, build, compiled, ROOT } from '../lib/build.ts'
import { canPin, pinSelf, startChild, useNode } from '../lib/child.ts'
import { FRAMEWORKS } from '../lib/frameworks.ts'
import { checkAnswers, measure, warmUp } from '../lib/load.ts'
import type { Scenario } from '../lib/scenario.ts'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

interface Profile {
  startTime: number
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '5' },
    top: { type: 'string', default: '15' },
    'no-build': { type: 'boolean', default: false },
    node: { type: 'string' },
  },
})
const [framework = 'arbor', scenarioName = 'hello'] = positionals
if (!FRAMEWORKS.some((f) => f.name === framework)) throw new Error(`unknown framework ${framework}`)
const { scenario } = (await import(`../scenarios/${scenarioName}.ts`)) as { scenario: Scenario }
const pinned = canPin && availableParallelism() >= 2
if (pinned) pinSelf(0)
if (!values['no-build']) build(console.log)
if (values.node) console.log(`server on Node ${useNode(values.node)}`)

const arbor = arborEntry()
const dir = `${ROOT}bench/results/profile-tmp`
rmSync(dir, { recursive: true, force: true })
// The measured load window, on the clock V8 stamps profile samples with (CLOCK_MONOTONIC).
let windowStart = 0
let windowEnd = 0
let requests = 0
const child = startChild({
  file: compiled(`servers/${framework}`),
  args: [scenario.name],
  cpu: pinned ? 1 : undefined,
  nodeFlags: [
    ...(framework === 'arbor' ? arbor.nodeFlags : []),
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
  ],
  env: framework === 'arbor' ? { ARBOR_ENTRY: arbor.url } : {},
})
try {
  const ready = await child.firstJson(30_000)
  const port = Number(ready.port)
  const wrong = await checkAnswers(port, scenario.requests)
  if (wrong) throw new Error(`wrong answer: ${wrong}`)
  const load = { connections: 100, pipelining: 10 }
  await warmUp(port, scenario.requests, { ...load, duration: 1 })
  windowStart = Number(process.hrtime.bigint() / 1000n)
  const m = await measure(Number(ready.pid), port, scenario.requests, {
    ...load,
    duration: Number(values.duration),
  })
  windowEnd = Number(process.hrtime.bigint() / 1000n)
  requests = m.requests
  console.log(
    `${framework} ${scenario.name}: ${Math.round(m.reqPerSec)} req/s, ${m.cpuUsPerRequest.toFixed(2)} µs CPU/req (with the profiler on)`,
  )
} finally {
  await child.stop()
}

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
if (!file) throw new Error(`no profile written in ${dir}`)
const target = `${ROOT}bench/results/${framework}-${scenario.name}.cpuprofile`
renameSync(`${dir}/${file}`, target)
rmSync(dir, { recursive: true, force: true })
const profile = JSON.parse(readFileSync(target, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
// Self time of each node, counting only samples inside the load window and leaving out idle
// time, so percentages are shares of the CPU the server spent serving the load.
const selfMicros = new Map<number, number>()
let idle = 0
let time = profile.startTime
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0
  time += delta
  if (time < windowStart || time > windowEnd) return
  if (byId.get(id)?.callFrame.functionName === '(idle)') idle += delta
  else selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta)
})
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0)

/** Where a function's code lives: arbor's dist/src, a package, Node's internals, or V8. */
function origin(url: string): string {
  if (url === '') return '(native / V8)'
  if (url.startsWith('node:')) return 'node internals'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  if (url.includes('/bench/')) return 'bench server'
  if (url.includes('/dist/') || url.includes('/src/')) return 'arbor'
  return url
}

function where(node: ProfileNode): string {
  const { url, lineNumber } = node.callFrame
  if (url === '') return ''
  return `${url.replace(`file://${ROOT}`, '').replace(/^.*node_modules\//, '')}:${lineNumber + 1}`
}

const functions = new Map<string, number>()
const origins = new Map<string, number>()
for (const [id, micros] of selfMicros) {
  const node = byId.get(id)!
  const key = `${node.callFrame.functionName || '(anonymous)'}  ${where(node)}`
  functions.set(key, (functions.get(key) ?? 0) + micros)
  const from = origin(node.callFrame.url)
  origins.set(from, (origins.get(from) ?? 0) + micros)
}

// Self time per request by function, for comparing two profiles (e.g. arbor and fastify5).
writeFileSync(
  target.replace(/\.cpuprofile$/, '.summary.json'),
  `${JSON.stringify({ requests, busyMicros: total, functions: Object.fromEntries(functions) }, null, 1)}\n`,
)

const pct = (micros: number) => `${((micros / total) * 100).toFixed(1).padStart(5)}%`
console.log(
  `\nprofile: ${target.replace(ROOT, '')}; load window: ${(total / 1e6).toFixed(2)} s busy, ${(idle / 1e6).toFixed(2)} s idle`,
)
console.log(`\ntop ${values.top} functions by self time:`)
for (const [key, micros] of [...functions]
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(values.top))) {
  console.log(`${pct(micros)}  ${key}`)
}
console.log('\nself time by origin:')
for (const [from, micros] of [...origins].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  console.log(`${pct(micros)}  ${from}`)
}
