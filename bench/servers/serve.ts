// What every server process shares: which scenario to build (argv[2]), and the one line it
// prints on stdout once it listens, which the runner waits for.
import type { AddressInfo } from 'node:net'
import type { FastifyStyleApp, Scenario } from '../lib/scenario.ts'

/** Loads bench/scenarios/<argv[2]>, as .ts under tsx and as .js once compiled. */
export async function loadScenario(): Promise<Scenario> {
  const name = process.argv[2]
  if (!name || !/^[a-z0-9-]+$/.test(name)) throw new Error(`bad scenario name: ${name}`)
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  const module = (await import(new URL(`../scenarios/${name}${ext}`, import.meta.url).href)) as {
    scenario: Scenario
  }
  return module.scenario
}

/** Tells the runner the port; a server that never prints this line is reported as failed. */
export function announce(address: AddressInfo | string | null): void {
  if (address === null || typeof address === 'string') throw new Error('server has no TCP port')
  // Exit through process.exit so that --cpu-prof writes its profile when the runner stops us.
  process.once('SIGTERM', () => process.exit(0))
  process.stdout.write(`${JSON.stringify({ ready: true, port: address.port, pid: process.pid })}\n`)
}

export function missingSetup(framework: string, scenario: Scenario): never {
  throw new Error(`scenario ${scenario.name} has no setup for ${framework}`)
}

/** arbor, Fastify 4 and Fastify 5: the Fastify 4 factory and the listen call they share. */
export interface FastifyStyleServer extends FastifyStyleApp {
  ready(): Promise<unknown>
  inject(options: {
    method: string
    url: string
    payload?: string
    headers?: Record<string, string>
  }): Promise<{ statusCode: number; body: string }>
  listen(options: { port: number; host: string }): Promise<unknown>
  server: { address(): AddressInfo | string | null }
}

export type FastifyStyleFactory = (options?: Record<string, unknown>) => FastifyStyleServer

/**
 * Loads a Fastify-style factory. arbor comes from the file the runner names in ARBOR_ENTRY
 * (the built dist/index.js, so it runs as users run it), the peers from node_modules.
 */
export async function loadFactory(framework: string): Promise<FastifyStyleFactory> {
  let specifier: string
  if (framework === 'arbor') {
    const entry = process.env.ARBOR_ENTRY
    if (!entry) throw new Error('ARBOR_ENTRY is not set')
    specifier = entry
  } else if (framework === 'fastify4' || framework === 'fastify5') {
    specifier = framework
  } else {
    throw new Error(`not a Fastify-style framework: ${framework}`)
  }
  const module = (await import(specifier)) as { default: unknown }
  return module.default as FastifyStyleFactory
}

/** Builds the scenario on a Fastify-style framework and listens on 127.0.0.1. */
export async function serveFastifyStyle(framework: string): Promise<void> {
  const [scenario, factory] = await Promise.all([loadScenario(), loadFactory(framework)])
  if (!scenario.fastify) missingSetup(framework, scenario)
  const app = factory()
  await scenario.fastify(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  announce(app.server.address())
}
