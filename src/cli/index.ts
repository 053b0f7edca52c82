#!/usr/bin/env node
// The `arbor` command (docs/cli.md): start an app, in one process or on every core, watch it
// in development, and print its routes or context tree.
import cluster from 'node:cluster'
import { parseArgs } from './args.ts'
import { describeApp } from './describe.ts'
import { Primary } from './primary.ts'
import { serve } from './serve.ts'
import { HELP, version } from './usage.ts'
import { StartError, UsageError } from './usage-error.ts'
import { runWatched } from './watch.ts'
import { runWorker } from './worker.ts'

async function main(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv, process.env)
  switch (args.command) {
    case 'help':
      process.stdout.write(HELP)
      return
    case 'version':
      process.stdout.write(`${version()}\n`)
      return
    case 'routes':
    case 'inspect':
      await describeApp(args)
      return
    case 'start':
      if (args.watch) runWatched(argv)
      else if (args.workers === 0) await serve(args, ['SIGTERM', 'SIGINT'], true)
      else if (cluster.isPrimary) new Primary(args).start()
      else await runWorker(args)
  }
}

/** One line for what the user can fix; the stack only for an error in the app's own code. */
function report(err: unknown): number {
  if (err instanceof UsageError) {
    process.stderr.write(`arbor: ${err.message}\nRun arbor --help for the commands and flags.\n`)
    return 2
  }
  if (err instanceof StartError) {
    process.stderr.write(`arbor: ${err.message}\n`)
    return 1
  }
  const e = err as { syscall?: unknown; message?: unknown; stack?: unknown }
  const text = typeof e?.syscall === 'string' ? String(e.message) : String(e?.stack ?? err)
  process.stderr.write(`arbor: could not start: ${text}\n`)
  return 1
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.exit(report(err))
})
