// One target's app in its own process: h2c (http2: true) or HTTP/1.1 + websocket.
// argv: <kind arbor4|arbor5|fastify5> <arborDist> <mode h2|ws>. IPC: {cmd:'mem'|'close'}.
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const [kind, dist, mode] = process.argv.slice(2)
const require = createRequire(join(process.cwd(), 'package.json'))
let factory
if (kind === 'fastify5') factory = require('fastify5')
else {
  const m = await import(
    pathToFileURL(resolve(dist, kind === 'arbor5' ? 'fastify5.js' : 'index.js')).href
  )
  factory = m.default ?? m.arbor ?? m.fastify
}
// The advertised stream limit only reaches node where the framework passes `http` on (issue 41).
const app = factory(mode === 'h2' ? { http2: true, http: { maxConcurrentStreams: 100 } } : {})
const big = Buffer.alloc(20 * 1024 * 1024, 97)
app.get('/', async () => ({ ok: true }))
app.get('/big', async (_req, reply) => reply.send(big))
if (mode === 'ws') {
  const ws = require(kind === 'arbor4' ? '@fastify/websocket' : '@fastify/websocket-v5')
  await app.register(ws.default ?? ws, { options: { maxPayload: 1024 * 1024 } })
  app.register(async (s) => {
    s.get('/ws', { websocket: true }, (a, b) => {
      const sock = a.socket ?? a
      sock.on('message', () => {})
    })
  })
}
await app.listen({ port: 0, host: '127.0.0.1' })
const mem = () => {
  global.gc?.()
  const m = process.memoryUsage()
  return { rss: m.rss, heap: m.heapUsed }
}
process.on('message', async (msg) => {
  if (msg.cmd === 'mem') process.send({ mem: mem() })
  if (msg.cmd === 'close') {
    const t0 = Date.now()
    const timer = setTimeout(
      () => process.send({ closed: false, ms: Date.now() - t0, mem: mem() }),
      10000,
    )
    await app.close()
    clearTimeout(timer)
    process.send({ closed: true, ms: Date.now() - t0, mem: mem() })
  }
})
process.send({ port: app.server.address().port, mem: mem() })
