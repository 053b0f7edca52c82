import { createRequire } from 'node:module'
import type { ArborOptions } from '../index.ts'

/** Whether a person reads stdout: arbor's logger prints pretty lines there (docs/cli.md). */
function atTerminal(): boolean {
  return process.stdout.isTTY === true && process.env.NODE_ENV !== 'production'
}

function hasPinoPretty(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty')
    return true
  } catch {
    return false
  }
}

/**
 * The logger option of an app the CLI builds. arbor's logger itself prints pretty lines at a
 * terminal and JSON elsewhere (config/pretty-logs.ts); pino-pretty is an optional dependency,
 * so at a terminal without it the CLI says why the lines are JSON (`note`: once per command,
 * from the primary when there are workers).
 */
export function loggerFor(level: string, note = true): NonNullable<ArborOptions['logger']> {
  if (note && atTerminal() && !hasPinoPretty()) {
    process.stderr.write(
      'arbor: logging JSON: pino-pretty (optional) is not installed; `npm install pino-pretty` for readable lines\n',
    )
  }
  return { level }
}

/** routes and inspect print to stdout: their log lines go to stderr, warnings and up. */
export function quietLogger(level: string | undefined): NonNullable<ArborOptions['logger']> {
  return { level: level ?? 'warn', stream: process.stderr }
}
