import type { CliArgs } from './args.ts'
import { retire } from './retire.ts'
import { serve } from './serve.ts'

/** What the primary tells a worker over the IPC channel. */
export interface WorkerMessage {
  arbor: 'retire'
}

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return (value as WorkerMessage | null)?.arbor === 'retire'
}

/**
 * One worker of `arbor start --workers`: the same app as one process, listening on the port
 * the primary shares. SIGTERM drains it (closeOnSignals); the primary's `retire` message takes
 * it out of a rolling restart (retire.ts).
 */
export async function runWorker(args: CliArgs): Promise<void> {
  // SIGINT from a terminal reaches every process of the group: the primary forwards it.
  process.on('SIGINT', () => {})
  const app = await serve(args, ['SIGTERM'], false)
  process.on('message', (message: unknown) => {
    if (isWorkerMessage(message)) retire(app)
  })
}
