import type pinoType from 'pino'
import type { DestinationStream, LoggerOptions } from 'pino'
import { errorCodes } from '../errors.ts'
import type { ArborLogger } from '../types/logger.ts'
import { requireLazily } from './lazy-require.ts'

/** Where log lines go when the `logger` option names a stream. */
export type LogStream = { write(msg: string): void }

/** What the process looks like, for the decision below (tests hand in their own). */
export interface Terminal {
  isTTY: boolean | undefined
  env: NodeJS.ProcessEnv
}

/**
 * Whether log lines are printed for a human (pino-pretty) or as JSON. `logger.pretty` decides
 * when it is given; otherwise a developer at a terminal gets readable lines: no `stream` or
 * `transport` of the application's own, stdout a TTY, and NODE_ENV not 'production'.
 */
export function wantsPrettyLogs(
  pretty: boolean | undefined,
  hasDestination: boolean,
  terminal: Terminal = { isTTY: process.stdout.isTTY, env: process.env },
): boolean {
  if (pretty !== undefined) return pretty
  return !hasDestination && terminal.isTTY === true && terminal.env.NODE_ENV !== 'production'
}

/** pino-pretty's entry file, or undefined when the optional dependency is not installed. */
function resolvePinoPretty(): string | undefined {
  try {
    return requireLazily.resolve('pino-pretty')
  } catch {
    return undefined
  }
}

let warnedMissing = false

/**
 * Builds the pino logger, printing through pino-pretty when `wantsPrettyLogs` says so and it is
 * installed. pino-pretty is optional: without it the lines stay JSON (a forced `pretty: true`
 * warns once). With a `stream` the lines are prettified in-process into it; otherwise pino's own
 * transport runs pino-pretty in a worker thread, as pino documents.
 */
export function createPino(
  options: LoggerOptions,
  stream: LogStream | undefined,
  pretty: unknown,
): ArborLogger {
  if (pretty !== undefined && typeof pretty !== 'boolean') {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      `logger.pretty must be a boolean, got ${typeof pretty}`,
    )
  }
  // loaded here, with the first logger: an application without one never imports pino
  const pino = requireLazily('pino') as typeof pinoType
  const hasDestination = stream !== undefined || options.transport !== undefined
  const entry = wantsPrettyLogs(pretty, hasDestination) ? resolvePinoPretty() : undefined
  if (entry === undefined) {
    if (pretty === true && !warnedMissing) {
      warnedMissing = true
      process.emitWarning(
        'logger.pretty is true but pino-pretty is not installed: logging JSON. Run `npm install pino-pretty`.',
        { type: 'ArborWarning', code: 'ARBOR_PINO_PRETTY_MISSING' },
      )
    }
    const logger = stream ? pino(options, stream as DestinationStream) : pino(options)
    return logger as unknown as ArborLogger
  }
  const prettyOptions = {
    translateTime: 'HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
    colorize: stream === undefined && process.stdout.isTTY === true && !('NO_COLOR' in process.env),
  }
  if (stream !== undefined) {
    // Synchronous and in-process: each JSON line pino writes is turned into text at once.
    const { prettyFactory } = requireLazily(entry) as {
      prettyFactory: (opts: object) => (line: string) => string
    }
    const prettify = prettyFactory(prettyOptions)
    const destination = { write: (line: string) => stream.write(prettify(line)) }
    return pino(options, destination) as unknown as ArborLogger
  }
  const transport = { target: entry, options: prettyOptions }
  return pino({ ...options, transport }) as unknown as ArborLogger
}
