import express from 'express'
import { announce, loadScenario, missingSetup } from './serve.ts'

const scenario = await loadScenario()
if (!scenario.express) missingSetup('express', scenario)
const app = express()
scenario.express(app)
const server = app.listen(0, '127.0.0.1', () => announce(server.address()))
