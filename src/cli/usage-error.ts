/**
 * A command line the CLI cannot run: an unknown command or flag, a missing `<app>`, a value out
 * of range. The CLI prints its message and the hint to `arbor --help`, and exits with 2, the
 * exit code of a usage error in POSIX tools.
 */
export class UsageError extends Error {
  override name = 'UsageError'
}

/**
 * A failure the user can act on (the app file is missing, it cannot be loaded on this Node):
 * the CLI prints the message, without a stack trace, and exits with 1.
 */
export class StartError extends Error {
  override name = 'StartError'
}
