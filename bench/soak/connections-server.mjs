// One server of `npm run bench:connections` (connections.ts), plain node with --expose-gc:
// `connections-server.mjs <arbor|fastify5|node> <h1|h2> <own|same> [arborEntry]`. arbor from its
// build (dist/index.js unless an entry is given), Fastify 5 from node_modules; the same
// one-route app and every option at its default (plus `http2: true` for h2c). `node`: no
// framework, node:http or node:http2 answering the same bytes, the floor both stand on. With `same`, the
// process also loads the other framework and readies the same app on it, unlistened: both
// servers then start from the same process image, and what the connections add is compared
// from the same baseline (a leaner process has less free memory for its first connections to
// reuse). Sends {port} over IPC once listening; answers 'measure' with the memory after full
// collections; exits on 'exit'.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8'

const [framework, protocol, image, entry] = process.argv.slice(2)
if (
  !['arbor', 'fastify5', 'node'].includes(framework) ||
  (protocol !== 'h1' && protocol !== 'h2') ||
  (image !== 'own' && image !== 'same') ||
  (framework === 'node' && image === 'same')
) {
  throw new Error(
    'usage: connections-server.mjs <arbor|fastify5|node> <h1|h2> <own|same> [arborEntry] (node: own only)',
  )
}
const options = protocol === 'h2' ? { logger: false, http2: true } : { logger: false }
const load = async (name) =>
  name === 'arbor'
    ? (await import(pathToFileURL(resolve(entry ?? 'dist/index.js')).href)).default
    : (await import('fastify5')).default
function build(factory) {
  const built = factory(options)
  built.get('/', async () => ({ hello: 'world' }))
  return built
}
if (image === 'same') {
  const other = build(await load(framework === 'arbor' ? 'fastify5' : 'arbor'))
  await other.ready()
  globalThis.unlistened = other
}
const app = framework === 'node' ? await bare() : build(await load(framework))
await app.listen({ port: 0, host: '127.0.0.1' })

// The same answer from node alone: what the frameworks' JSON route sends, headers included.
async function bare() {
  const { createServer } = await import(protocol === 'h2' ? 'node:http2' : 'node:http')
  const body = JSON.stringify({ hello: 'world' })
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  }
  const server = createServer((_req, res) => {
    res.writeHead(200, headers)
    res.end(body)
  })
  // the frameworks' keep-alive (Fastify's default, arbor's too); node's own 5 s would close
  // the connections before they are measured
  server.keepAliveTimeout = 72_000
  const listen = (where) => new Promise((done) => server.listen(where, done))
  return { server, listen }
}

// Idle connections are measured in an idle process, as a server holding them is. V8 grows its
// young generation while connections open (they survive its scavenges) and gives it back at a
// full collection once the process has allocated little for the last 5 s (its allocation
// throughput window; its memory reducer does the same after 8-16 s). A reading taken 0.5 s
// after the burst counted the young generation's one-off growth, ~20 MiB, as memory per
// connection, and a process that had grown it less at startup paid more of it (issue 41). So
// every server alike, before each reading, idles with a full collection a second until its
// young generation is back to its initial size, at most IDLE_LIMIT_MS; `youngReturned` says
// whether it was, `idleMs` how long that took.
const IDLE_LIMIT_MS = Number(process.env.CONNECTIONS_IDLE_LIMIT_MS ?? 30_000)
const YOUNG_INITIAL = 1024 * 1024
function youngResident() {
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
  return young?.physical_space_size ?? 0
}

async function idle() {
  const started = Date.now()
  while (youngResident() > YOUNG_INITIAL && Date.now() - started < IDLE_LIMIT_MS) {
    await new Promise((done) => setTimeout(done, 1000))
    globalThis.gc()
  }
  return { youngReturned: youngResident() <= YOUNG_INITIAL, idleMs: Date.now() - started }
}

// Several collections, a macrotask apart, so that weak references and finalizers settle.
async function settle() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc()
    await new Promise((done) => setImmediate(done))
  }
}

// Linux's split of the RSS: anonymous memory (V8's heap and malloc's) against pages of mapped
// files (node's own code and libraries, touched as they run); {} elsewhere.
function residentKinds() {
  try {
    const status = readFileSync('/proc/self/status', 'latin1')
    const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024
    return { rssAnon: kib('RssAnon'), rssFile: kib('RssFile') }
  } catch {
    return {}
  }
}

process.on('message', async (message) => {
  if (message === 'measure') {
    const waited = await idle()
    await settle()
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
    const { used_heap_size: usedHeap, total_heap_size: heapCommitted } = getHeapStatistics()
    // what each V8 space holds committed: RSS moves with these as much as with live objects
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
    )
    // what of it is resident, per space
    const physical = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size]),
    )
    process.send({
      rss,
      heapUsed,
      external,
      arrayBuffers,
      usedHeap,
      heapCommitted,
      spaces,
      physical,
      ...residentKinds(),
      ...waited,
    })
  } else if (message === 'exit') {
    process.exit(0)
  }
})
process.send({ port: app.server.address().port })
