// `npm run bench:connections`: what an idle connection costs the server, arbor beside Fastify 5
// in one run. Per round, protocol and framework: a fresh server process (connections-server.mjs,
// plain node --expose-gc; arbor from its build, dist/index.js: run `npm run build` first), warmed
// by a few hundred answered connections that are then closed; its memory once idle (asked over
// IPC); then N connections opened by client processes (connections-client.mjs), each answered
// once and left idle; the memory again. "Once idle", in every server alike: full collections a
// second apart until V8 has given its young generation back (it does once the process has
// allocated little for 5 s), then a few more: idle connections are held by an idle process, and
// the young generation's one-off growth while they open (~20 MiB, reached sooner by a process
// that allocated more at startup) is no memory of theirs (issue 41). Per connection =
// (after - before) / N, for RSS and for the heap; the RSS split into V8's young generation, the
// rest of V8's heap (resident pages per space) and what lies outside V8 (RssAnon less those);
// and the RSS of the second half of the N (connections are opened in two halves). HTTP/1.1: N
// idle keep-alive connections; HTTP/2 (h2c, `http2: true`): N sessions with one answered
// stream each. Each server runs twice: in a process that loaded only its own framework, and in
// one that loaded both (the other's app built and readied, never listening): arbor's process
// starts ~5 MiB leaner, and the first connections of a fatter process reuse memory it already
// holds free, which (after - before) / N counts against the leaner one. The order of the
// frameworks alternates by round; the table gives each figure's median over the rounds and its
// range, and the RSS before and with the N connections open.
//
//   npx tsx bench/soak/connections.ts [--rounds 5] [--h1 10000] [--h2 2000] [--clients 4]
//     [--only h1|h2] [--image both|same|own] [--entry dist/index.js] [--node]
//     [--out bench/results/connections.json]
//
// --node adds node:http / node:http2 alone (own process only), the floor under both frameworks.
import { type ChildProcess, fork } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const here = dirname(fileURLToPath(import.meta.url))
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    h1: { type: 'string', default: '10000' },
    h2: { type: 'string', default: '2000' },
    clients: { type: 'string', default: '4' },
    only: { type: 'string' },
    entry: { type: 'string', default: 'dist/index.js' },
    image: { type: 'string', default: 'both' },
    node: { type: 'boolean', default: false },
    out: { type: 'string', default: join(here, '..', 'results', 'connections.json') },
  },
})
const rounds = Number(values.rounds)
const clients = Number(values.clients)
const counts = { h1: Number(values.h1), h2: Number(values.h2) }
const protocols = (values.only === undefined ? ['h1', 'h2'] : [values.only]) as Protocol[]
const allFrameworks = ['arbor', 'fastify5', 'node'] as const
const frameworks: readonly Framework[] = values.node ? allFrameworks : allFrameworks.slice(0, 2)
const images = (values.image === 'both' ? ['same', 'own'] : [values.image]) as Image[]
const WARM_UP = 300

/** The servers measured in a process image: node alone has no other framework to load. */
function serversIn(image: Image, among: readonly Framework[] = frameworks): readonly Framework[] {
  return image === 'own' ? among : among.filter((framework) => framework !== 'node')
}

type Protocol = 'h1' | 'h2'
type Image = 'same' | 'own'
type Framework = (typeof allFrameworks)[number]
interface Memory {
  rss: number
  heapUsed: number
  external: number
  arrayBuffers: number
  usedHeap: number
  /** resident bytes of each V8 space */
  physical: Record<string, number>
  /** Linux's anonymous and file-backed shares of the RSS (absent elsewhere) */
  rssAnon?: number
  rssFile?: number
}

/**
 * Where the RSS a connection adds lies: V8's young generation (empty after the collections, its
 * size V8's choice from the allocation and survival it saw), the rest of V8's heap (old space,
 * code, large objects: what the connections' objects occupy, with its fragmentation), and memory
 * outside V8 (node's native objects, buffers, malloc's free lists), per connection.
 */
interface RssParts {
  young: number
  v8: number
  native: number
}
interface Sample {
  round: number
  framework: Framework
  protocol: Protocol
  image: Image
  connections: number
  failed: number
  before: Memory
  middle: Memory
  after: Memory
  rssPerConnection: number
  marginalRssPerConnection: number
  marginalHeapPerConnection: number
  heapPerConnection: number
  externalPerConnection: number
  rssParts: RssParts
}

const YOUNG = new Set(['new_space', 'new_large_object_space'])
function parts(memory: Memory): RssParts {
  let young = 0
  let v8 = 0
  for (const [space, bytes] of Object.entries(memory.physical)) {
    if (YOUNG.has(space)) young += bytes
    else v8 += bytes
  }
  // where Linux does not split the RSS, all of it less V8's resident pages
  const anon = memory.rssAnon ?? memory.rss
  return { young, v8, native: anon - young - v8 }
}

function partsPerConnection(before: Memory, after: Memory, n: number): RssParts {
  const [b, a] = [parts(before), parts(after)]
  return {
    young: (a.young - b.young) / n,
    v8: (a.v8 - b.v8) / n,
    native: (a.native - b.native) / n,
  }
}

function once<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${what}: exited with ${code}`))
    child.once('exit', onExit)
    child.once('message', (message) => {
      child.off('exit', onExit)
      resolve(message as T)
    })
  })
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

async function openConnections(port: number, protocol: Protocol, total: number, processes: number) {
  const children: ChildProcess[] = []
  for (let i = 0; i < processes; i++) {
    const share = Math.floor(total / processes) + (i < total % processes ? 1 : 0)
    if (share === 0) continue
    const args = [String(port), protocol, String(share)]
    children.push(fork(join(here, 'connections-client.mjs'), args, { execArgv: [] }))
  }
  const reports = await Promise.all(
    children.map((child) => once<{ opened: number; failed: number }>(child, 'client')),
  )
  const close = async () => {
    for (const child of children) child.send('close')
    await Promise.all(children.map(exited))
  }
  return {
    opened: reports.reduce((sum, r) => sum + r.opened, 0),
    failed: reports.reduce((sum, r) => sum + r.failed, 0),
    close,
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms))

async function measureOne(round: number, framework: Framework, protocol: Protocol, image: Image) {
  const args = [framework, protocol, image, values.entry!]
  const server = fork(join(here, 'connections-server.mjs'), args, {
    execArgv: ['--expose-gc'],
  })
  try {
    const { port } = await once<{ port: number }>(server, 'server')
    const warm = await openConnections(port, protocol, WARM_UP, 1)
    await warm.close()
    await pause(300)
    server.send('measure')
    const before = await once<Memory>(server, 'server')
    // in two halves: the second half's cost is the marginal one, without the fixed steps by
    // which V8 grows its young generation and the old generation's first new pages
    const half = Math.floor(counts[protocol] / 2)
    const spread = Math.max(1, clients >> 1)
    const first = await openConnections(port, protocol, half, spread)
    await pause(500)
    server.send('measure')
    const middle = await once<Memory>(server, 'server')
    const second = await openConnections(port, protocol, counts[protocol] - half, spread)
    await pause(500)
    server.send('measure')
    const after = await once<Memory>(server, 'server')
    await Promise.all([first.close(), second.close()])
    const n = first.opened + second.opened
    const idle = { failed: first.failed + second.failed }
    const sample: Sample = {
      round,
      framework,
      protocol,
      image,
      connections: n,
      failed: idle.failed,
      before,
      middle,
      after,
      rssPerConnection: (after.rss - before.rss) / n,
      marginalRssPerConnection: (after.rss - middle.rss) / second.opened,
      marginalHeapPerConnection: (after.heapUsed - middle.heapUsed) / second.opened,
      heapPerConnection: (after.heapUsed - before.heapUsed) / n,
      externalPerConnection: (after.external - before.external) / n,
      rssParts: partsPerConnection(before, after, n),
    }
    console.log(
      `round ${round} ${protocol} ${image.padEnd(4)} ${framework.padEnd(8)} ${n} open (${idle.failed} failed): ` +
        `RSS ${kib(sample.rssPerConnection)}, heap ${kib(sample.heapPerConnection)}, ` +
        `external ${kib(sample.externalPerConnection)} per connection; second half ` +
        `RSS ${kib(sample.marginalRssPerConnection)}, heap ${kib(sample.marginalHeapPerConnection)}; ` +
        `RSS in V8's young generation ${kib(sample.rssParts.young)}, rest of V8 ` +
        `${kib(sample.rssParts.v8)}, outside V8 ${kib(sample.rssParts.native)}`,
    )
    return sample
  } finally {
    server.send('exit')
    await exited(server)
  }
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KiB`
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const samples: Sample[] = []
const load = [loadavg()[0]]
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 === 1 ? frameworks : [...frameworks].reverse()
  for (const protocol of protocols) {
    for (const image of images) {
      for (const framework of serversIn(image, order)) {
        samples.push(await measureOne(round, framework, protocol, image))
      }
    }
  }
}
load.push(loadavg()[0])

const rows = protocols.flatMap((protocol) =>
  images.flatMap((image) =>
    serversIn(image).map((framework) => {
      const mine = samples.filter(
        (s) => s.protocol === protocol && s.framework === framework && s.image === image,
      )
      const figure = (pick: (s: Sample) => number) => {
        const list = mine.map(pick)
        return { median: median(list), min: Math.min(...list), max: Math.max(...list) }
      }
      return {
        protocol,
        image,
        framework,
        connections: counts[protocol],
        rss: figure((s) => s.rssPerConnection),
        heap: figure((s) => s.heapPerConnection),
        marginalRss: figure((s) => s.marginalRssPerConnection),
        young: figure((s) => s.rssParts.young),
        v8: figure((s) => s.rssParts.v8),
        native: figure((s) => s.rssParts.native),
        rssBefore: figure((s) => s.before.rss),
        rssAfter: figure((s) => s.after.rss),
      }
    }),
  ),
)

const label = { h1: 'HTTP/1.1 idle keep-alive', h2: 'HTTP/2 (h2c) session' }
const name = { arbor: 'arbor', fastify5: 'fastify 5', node: 'node alone' }
const imageLabel = { same: 'both loaded', own: 'own only' }
const mib = (f: { median: number }) => `${(f.median / 1048576).toFixed(1)} MiB`
const range = (f: { median: number; min: number; max: number }) =>
  `${kib(f.median)} (${(f.min / 1024).toFixed(2)}–${(f.max / 1024).toFixed(2)})`
const split = (row: (typeof rows)[number]) =>
  [row.young, row.v8, row.native].map((f) => (f.median / 1024).toFixed(2)).join(' + ')
console.log(
  `\n| connection | process image | framework | N | RSS per connection | of which young generation + rest of V8 + outside V8 | heap per connection | ` +
    `RSS per connection, second half | RSS before → with N open |`,
)
console.log('| --- | --- | --- | ---: | --- | --- | --- | --- | --- |')
for (const row of rows) {
  console.log(
    `| ${label[row.protocol]} | ${imageLabel[row.image]} | ${name[row.framework]} | ` +
      `${row.connections.toLocaleString('en')} | ${range(row.rss)} | ${split(row)} | ${range(row.heap)} | ` +
      `${range(row.marginalRss)} | ${mib(row.rssBefore)} → ${mib(row.rssAfter)} |`,
  )
}
console.log(
  `\nmedian (min–max) over ${rounds} round(s); node ${process.version}, ${cpus().length} cores, ` +
    `load average ${load.map((l) => l!.toFixed(1)).join(' → ')}; arbor from ${values.entry}`,
)
writeFileSync(
  values.out!,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      arborEntry: values.entry,
      rounds,
      counts,
      images,
      loadAverage: load,
      rows,
      samples,
    },
    null,
    2,
  )}\n`,
)
console.log(`written: ${values.out}`)
