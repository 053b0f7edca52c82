import { createServer } from 'node:http'
import { announce, loadScenario, missingSetup } from './serve.ts'

const scenario = await loadScenario()
if (!scenario.node) missingSetup('node', scenario)
const server = createServer(scenario.node())
server.listen(0, '127.0.0.1', () => announce(server.address()))
