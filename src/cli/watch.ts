import { spawn } from 'node:child_process'

/**
 * `arbor start --watch`: runs the same command, without `--watch`, under node's own watch mode
 * (`node --watch`), which restarts it when a file it loaded changes: the CLI, the app module
 * and every module the app imports. This process only passes SIGTERM on and exits with the
 * child's code; Ctrl-C's SIGINT reaches the whole process group by itself.
 */
export function runWatched(argv: readonly string[]): void {
  const end = argv.indexOf('--')
  const flags = end === -1 ? argv : argv.slice(0, end)
  const rest = end === -1 ? [] : argv.slice(end)
  const command = [...flags.filter((a) => a !== '--watch' && a !== '-w'), ...rest]
  const child = spawn(
    process.execPath,
    [...process.execArgv, '--watch', process.argv[1]!, ...command],
    { stdio: 'inherit' },
  )
  process.on('SIGINT', () => {})
  process.on('SIGTERM', () => child.kill('SIGTERM'))
  child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 0)))
}
