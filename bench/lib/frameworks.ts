// The frameworks the suite compares, in the order their rows are run and printed.
import type { Scenario } from './scenario.ts'

export interface Framework {
  /** The name used on the command line (`--only`) and as the server file's name. */
  name: string
  label: string
  /** Which of the scenario's setups builds this framework's server. */
  setup: 'fastify' | 'express' | 'hono' | 'node'
  /** Packages whose versions the report prints. */
  packages: string[]
  /** Runs only the scenarios that name it in their `frameworks` (a row for one kind of schema). */
  optIn?: boolean
}

export const FRAMEWORKS: Framework[] = [
  { name: 'arbor', label: 'arbor', setup: 'fastify', packages: [] },
  { name: 'fastify4', label: 'fastify 4', setup: 'fastify', packages: ['fastify4'] },
  { name: 'fastify5', label: 'fastify 5', setup: 'fastify', packages: ['fastify5'] },
  {
    name: 'fastify5-zod',
    label: 'fastify 5 + type-provider-zod',
    setup: 'fastify',
    packages: [],
    optIn: true,
  },
  { name: 'hono', label: 'hono', setup: 'hono', packages: ['hono', '@hono/node-server'] },
  { name: 'express', label: 'express 5', setup: 'express', packages: ['express'] },
  { name: 'node', label: 'node:http', setup: 'node', packages: [] },
]

/** The rows every other row is divided by, and the bases arbor is paired with. */
export const BASELINES = ['fastify4', 'fastify5', 'node'] as const

export type Baseline = (typeof BASELINES)[number]

export function baseLabel(base: Baseline): string {
  return base === 'node' ? 'node:http' : base === 'fastify4' ? 'fastify 4' : 'fastify 5'
}

export function supports(scenario: Scenario, framework: Framework): boolean {
  const listed = scenario.frameworks?.includes(framework.name)
  if (listed === false || (framework.optIn === true && listed !== true)) return false
  return scenario[framework.setup] !== undefined
}
