import type { CliArgs } from './args.ts'
import { buildApp } from './load-app.ts'
import { quietLogger } from './logging.ts'

/**
 * `arbor routes` and `arbor inspect`: loads the app (every plugin, at ready()) without
 * listening, prints its routes (printRoutes) or its context tree (printContexts), and closes it.
 */
export async function describeApp(args: CliArgs): Promise<void> {
  const app = await buildApp(args, quietLogger(args.logLevel))
  try {
    await app.ready()
    process.stdout.write(args.command === 'routes' ? app.printRoutes() : app.printContexts())
  } finally {
    await app.close()
  }
}
