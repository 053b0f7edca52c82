// What six hooks cost (issue 5): for each context-based framework, the hook-none and the
// hook-levels servers (the same route three contexts deep, without hooks and with an
// onRequest and a preHandler hook at each level) are loaded at the same moment on the same
// core, round after round, and their CPU per request is compared over the same window.
// Loading both at once cancels this VM's drifting speed, which swamps the cost of six hooks
// when the two are measured one after the other.
//   npx tsx bench/lab/hook-cost.ts [--rounds 6] [--duration 3] [--no-build]
import { parseArgs } from 'node:util'
import { arborEntry, build, compiled } from '../lib/build.ts'
import { canPin, pinSelf, startChild } from '../lib/child.ts'
import { checkAnswers, measurePair, warmUp } from '../lib/load.ts'
import { spread } from '../lib/stats.ts'
import { scenario as withHooks } from '../scenarios/hook-levels.ts'
import { scenario as withoutHooks } from '../scenarios/hook-none.ts'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    duration: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
  },
})

if (canPin) pinSelf(0)
if (!values['no-build']) build(console.log)
const arbor = arborEntry()
const load = { connections: 100, pipelining: 10, duration: Number(values.duration) }

async function start(framework: string, scenario: string) {
  const child = startChild({
    file: compiled(`servers/${framework}`),
    args: [scenario],
    cpu: canPin ? 1 : undefined,
    nodeFlags: framework === 'arbor' ? arbor.nodeFlags : [],
    env: framework === 'arbor' ? { ARBOR_ENTRY: arbor.url } : {},
  })
  const ready = await child.firstJson(30_000)
  return { child, pid: Number(ready.pid), port: Number(ready.port) }
}

console.log('| framework | CPU µs/req, no hooks | CPU µs/req, six hooks | hooks ÷ none (min–max) |')
console.log('| --- | --- | --- | --- |')
for (const framework of ['arbor', 'fastify4', 'fastify5']) {
  const none = await start(framework, withoutHooks.name)
  const hooks = await start(framework, withHooks.name)
  try {
    for (const [server, scenario] of [
      [none, withoutHooks],
      [hooks, withHooks],
    ] as const) {
      const wrong = await checkAnswers(server.port, scenario.requests)
      if (wrong) throw new Error(`${framework} ${scenario.name}: wrong answer: ${wrong}`)
      await warmUp(server.port, scenario.requests, { ...load, duration: 1 })
    }
    const ratios: number[] = []
    const plain: number[] = []
    const hooked: number[] = []
    for (let round = 0; round < Number(values.rounds); round++) {
      // Alternate which load starts first, so neither side always gets the head start.
      const pair = round % 2 === 0 ? ([none, hooks] as const) : ([hooks, none] as const)
      const [first, second] = (await measurePair([pair[0], pair[1]], withHooks.requests, load)).cpu
      const [a, b] = round % 2 === 0 ? [first, second] : [second, first]
      plain.push(a)
      hooked.push(b)
      ratios.push(b / a)
    }
    const ratio = spread(ratios)!
    const range = `${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}`
    console.log(
      `| ${framework} | ${spread(plain)!.median.toFixed(2)} | ${spread(hooked)!.median.toFixed(2)} | ${ratio.median.toFixed(2)} (${range}) |`,
    )
  } finally {
    await none.child.stop()
    await hooks.child.stop()
  }
}
