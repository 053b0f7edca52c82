// Instructions per request, counted by valgrind (callgrind) instead of timed: a figure that does
// not move with the machine's load, for comparing arbor and a peer, or two arbor builds, when
// the cores are busy. Each server runs under callgrind (all its threads, so the optimizing
// compiler's and the garbage collector's helpers count), gets `--warm` requests, then its
// counters are zeroed and `--measure` more requests are counted.
//   npx tsx bench/lab/instructions.ts --scenario params --only arbor,fastify5 [--node PATH]
//   npx tsx bench/lab/instructions.ts --scenario params --entries dist-base/index.js,dist/index.js
// Needs valgrind (callgrind_control). Under valgrind a server runs ~50x slower and its JIT
// tiers up at other request counts than natively, and its compiler threads are still at work
// for tens of thousands of requests: four runs of one pair read 0.95-1.06. Read the ratio
// over a few runs, not the absolute counts, and not as a measure of warm-up.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { build, compiled } from '../lib/build.ts'
import { autocannonRequests, checkAnswers } from '../lib/load.ts'
import type { Scenario } from '../lib/scenario.ts'

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'params' },
    only: { type: 'string', default: 'arbor,fastify5' },
    entries: { type: 'string' },
    warm: { type: 'string', default: '40000' },
    measure: { type: 'string', default: '20000' },
    node: { type: 'string', default: process.execPath },
    'no-build': { type: 'boolean', default: false },
  },
})
const { scenario } = (await import(`../scenarios/${values.scenario}.ts`)) as { scenario: Scenario }
if (!values['no-build']) build(console.log)

interface Side {
  label: string
  server: string
  env: Record<string, string>
}
// --entries: arbor builds side by side; else framework names (arbor is this checkout's dist)
const sides: Side[] = values.entries
  ? values.entries.split(',').map((entry) => ({
      label: entry,
      server: compiled('servers/arbor'),
      env: { ARBOR_ENTRY: pathToFileURL(resolve(entry)).href },
    }))
  : values.only.split(',').map((name) => ({
      label: name,
      server: compiled(`servers/${name}`),
      env:
        name === 'arbor'
          ? { ARBOR_ENTRY: pathToFileURL(resolve('dist/index.js')).href }
          : ({} as Record<string, string>),
    }))

const load = (port: number, amount: number) =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    pipelining: 10,
    amount,
    timeout: 120,
    requests: autocannonRequests(scenario.requests),
  })

/** Instructions of `measure` requests after `warm`, in one process under callgrind. */
async function count(side: Side): Promise<{ perRequest: number; requests: number }> {
  const out = join(tmpdir(), `arbor-callgrind-${process.pid}-${sides.indexOf(side)}`)
  rmSync(`${out}.1`, { force: true })
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${out}`, values.node, side.server, scenario.name],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production', ...side.env },
    },
  )
  const port = await new Promise<number>((resolvePort, reject) => {
    let buffered = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk
      const match = /"port":(\d+)/.exec(buffered)
      if (match) resolvePort(Number(match[1]))
    })
    child.on('exit', (code) => reject(new Error(`${side.label} exited with ${code}`)))
  })
  try {
    const wrong = await checkAnswers(port, scenario.requests)
    if (wrong) throw new Error(`${side.label}: wrong answer: ${wrong}`)
    await load(port, Number(values.warm))
    execFileSync('callgrind_control', ['-z', String(child.pid)], { stdio: 'ignore' })
    const result = await load(port, Number(values.measure))
    execFileSync('callgrind_control', ['-d', String(child.pid)], { stdio: 'ignore' })
    const dump = `${out}.1`
    if (!existsSync(dump)) throw new Error(`${side.label}: callgrind wrote no dump`)
    const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(dump, 'utf8'))
    if (!totals) throw new Error(`${side.label}: no totals in ${dump}`)
    const requests = result.requests.total
    return { perRequest: Number(totals[1]) / requests, requests }
  } finally {
    child.kill('SIGTERM')
    await new Promise((done) => child.once('exit', done))
    rmSync(out, { force: true })
    rmSync(`${out}.1`, { force: true })
  }
}

const node = execFileSync(values.node, ['--version'], { encoding: 'utf8' }).trim()
console.log(
  `${scenario.name} on Node ${node}: instructions per request over ${values.measure} requests after ${values.warm}`,
)
// Two at a time: valgrind runs each process on one core.
const counts = await Promise.all(sides.map((side) => count(side)))
const base = counts[counts.length - 1]!.perRequest
sides.forEach((side, i) => {
  const c = counts[i]!
  const ratio = (c.perRequest / base).toFixed(3)
  console.log(
    `${side.label.padEnd(24)} ${Math.round(c.perRequest)} per request (${c.requests} counted), ÷ last ${ratio}`,
  )
})
