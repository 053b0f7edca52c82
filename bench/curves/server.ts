// One curve server: `node server.js <framework> <curve> <size>`. Builds the curve's app at that
// size on arbor, Fastify 4 or Fastify 5, times the factory call to ready() and reads the RSS
// after it, listens on 127.0.0.1 and prints one JSON line with the port and those figures.
import { performance } from 'node:perf_hooks'
import { loadFactory } from '../servers/serve.ts'
import { curveNamed } from './curves.ts'

const [framework = '', curveName = '', sizeText = ''] = process.argv.slice(2)
const curve = curveNamed(curveName)
const size = Number(sizeText)
if (!Number.isFinite(size)) throw new Error(`bad size ${sizeText}`)

const factory = await loadFactory(framework)
const started = performance.now()
const app = factory({ ...curve.options?.(size) })
await curve.build(app, size)
await app.ready()
const readyMs = performance.now() - started
const rssBytes = process.memoryUsage().rss
// A backlog that holds the connections curve's burst of connects.
await (app.listen as (o: { port: number; host: string; backlog: number }) => Promise<unknown>)({
  port: 0,
  host: '127.0.0.1',
  backlog: 8192,
})
const address = app.server.address()
if (address === null || typeof address === 'string') throw new Error('server has no TCP port')
process.once('SIGTERM', () => process.exit(0))
process.stdout.write(
  `${JSON.stringify({ ready: true, port: address.port, pid: process.pid, readyMs, rssBytes })}\n`,
)
