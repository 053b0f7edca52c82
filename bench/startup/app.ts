// One startup run, in a fresh process: 1,000 routes over 50 plugins on arbor, Fastify 4 or
// Fastify 5 (argv[2]); prints the times and the RSS after ready() as one JSON line.
import { performance } from 'node:perf_hooks'
import { loadFactory } from '../servers/serve.ts'

const PLUGINS = 50
const ROUTES_PER_PLUGIN = 20

const framework = process.argv[2] ?? ''
const importStart = performance.now()
const factory = await loadFactory(framework)
const readyStart = performance.now()
const app = factory()
for (let i = 0; i < PLUGINS; i++) {
  app.register(
    async (instance) => {
      for (let j = 0; j < ROUTES_PER_PLUGIN; j++) {
        // Half static, half parametric, as an API usually is.
        const path = j % 2 === 0 ? `/r${j}` : `/r${j}/:id`
        instance.get(path, () => ({ plugin: i, route: j }))
      }
    },
    { prefix: `/p${i}` },
  )
}
await app.ready()
const readyEnd = performance.now()
const result = {
  framework,
  routes: PLUGINS * ROUTES_PER_PLUGIN,
  importMs: readyStart - importStart,
  readyMs: readyEnd - readyStart,
  // From the process's time origin: node's own boot, the import and ready() together.
  processMs: readyEnd,
  rssBytes: process.memoryUsage().rss,
}
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0))
