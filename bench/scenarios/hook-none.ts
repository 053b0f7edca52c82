import type { Scenario } from '../lib/scenario.ts'
import { HOOK_PATH, threeLevels } from './hook-levels.ts'

// The baseline of hook-levels: the same route, three contexts deep, with no hooks at all.
export const scenario: Scenario = {
  name: 'hook-none',
  description: `${HOOK_PATH} three contexts deep, no hooks (baseline of hook-levels)`,
  requests: [{ method: 'GET', path: HOOK_PATH, status: 200, body: '{"ok":true}' }],
  fastify: threeLevels(false),
}
