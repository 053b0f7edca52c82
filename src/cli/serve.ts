import { type ArborInstance, closeOnSignals } from '../index.ts'
import type { CliArgs } from './args.ts'
import { buildApp } from './load-app.ts'
import { loggerFor } from './logging.ts'

/**
 * `arbor start` in one process, and each worker of `--workers`: builds the app, wires
 * closeOnSignals (drain, then exit 0) and listens. A worker leaves SIGINT to its primary, which
 * forwards it as SIGTERM, so that Ctrl-C (sent to every process of the terminal's group) is
 * one signal to each worker, not two.
 */
export async function serve(
  args: CliArgs,
  signals: readonly NodeJS.Signals[],
  note: boolean,
): Promise<ArborInstance> {
  const app = await buildApp(args, loggerFor(args.logLevel ?? 'info', note))
  closeOnSignals(app, { signals, graceMs: args.graceMs })
  await app.listen({ port: args.port, host: args.host })
  return app
}
