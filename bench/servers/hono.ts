import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { announce, loadScenario, missingSetup } from './serve.ts'

const scenario = await loadScenario()
if (!scenario.hono) missingSetup('hono', scenario)
const app = new Hono()
scenario.hono(app)
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
  announce(server.address()),
)
