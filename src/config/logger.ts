import type pinoType from 'pino'
import type { LoggerOptions } from 'pino'
import { errorCodes } from '../errors.ts'
import type { ArborLogger, ChildLoggerOptions } from '../types/logger.ts'
import type { FastifyLine } from './fastify-lines.ts'
import { requireLazily } from './lazy-require.ts'
import { createPino, type LogStream } from './pretty-logs.ts'

/** The methods that make an object a logger, in Fastify's order (its error message lists them). */
const loggerMethods = ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child'] as const

function noop(): void {}

/** A logger that drops everything; `child()` returns itself so per-request logging is free. */
const silentLogger: ArborLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  child: () => silentLogger,
}

/** Whether a logger is arbor's silent one (logging off): no per-request child is needed. */
export function isSilent(logger: ArborLogger): boolean {
  return logger === silentLogger
}

interface RequestLike {
  method?: string
  url?: string
  host?: string
  hostname?: string
  ip?: string
  headers?: Record<string, string | string[] | undefined>
  raw?: { socket?: { remotePort?: number } }
  socket?: { remotePort?: number }
}

/** How a value looks in a log line: pino's `serializers` option. */
export type LogSerializer = (value: never) => unknown

/** What a request, a reply and an error look like in log lines (Fastify's default serializers). */
// a type, not an interface: it is given where pino expects a record of serializers
export type DefaultLogSerializers = {
  req: (req: RequestLike) => Record<string, unknown>
  res: (reply: { statusCode?: number }) => { statusCode: number | undefined }
  err: (err: Error) => Record<string, unknown>
}

const remotePortOf = (req: RequestLike) => req.raw?.socket?.remotePort ?? req.socket?.remotePort

// One `req` serializer per line (fastify-lines.ts `requestLogHostKey`), chosen when the logger
// is built: `version` is the Accept-Version header, as both Fastify lines log it.
const requestSerializers: Record<FastifyLine['requestLogHostKey'], DefaultLogSerializers['req']> = {
  hostname: (req) => ({
    method: req.method,
    url: req.url,
    version: req.headers?.['accept-version'],
    hostname: req.hostname,
    remoteAddress: req.ip,
    remotePort: remotePortOf(req),
  }),
  host: (req) => ({
    method: req.method,
    url: req.url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: remotePortOf(req),
  }),
}

/**
 * Fastify's default serializers for a line. pino is loaded here, with the first logger arbor
 * builds, as Fastify loads it: an application with logging off never imports it.
 */
export function defaultSerializers(line: FastifyLine): DefaultLogSerializers {
  const pino = requireLazily('pino') as typeof pinoType
  return {
    req: requestSerializers[line.requestLogHostKey],
    res: (reply) => ({ statusCode: reply.statusCode }),
    err: pino.stdSerializers.err as DefaultLogSerializers['err'],
  }
}

/** Fastify's default child logger factory: `logger.child(bindings, opts)`. */
export const defaultChildLoggerFactory = function defaultChildLoggerFactory(
  this: unknown,
  logger: ArborLogger,
  bindings: Record<string, unknown>,
  opts: ChildLoggerOptions,
): ArborLogger {
  return logger.child(bindings, opts)
}

function missingMethods(value: unknown): string[] {
  const object = value as Record<string, unknown> | null | undefined
  return loggerMethods.filter((m) => typeof object?.[m] !== 'function')
}

/** What a custom child logger factory returned must be a logger (FST_ERR_LOG_INVALID_LOGGER). */
export function assertLogger(value: unknown): asserts value is ArborLogger {
  const missing = missingMethods(value)
  if (missing.length > 0) throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER(missing.join(','))
}

/**
 * Whether a value is a logger: every method is there (true), none is (false: options or
 * nothing), or some are, which is a broken logger (FST_ERR_LOG_INVALID_LOGGER), as Fastify says.
 */
function isLogger(value: unknown): value is ArborLogger {
  const missing = missingMethods(value)
  if (missing.length === 0) return true
  if (missing.length === loggerMethods.length) return false
  throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER(missing.join(','))
}

/**
 * The `logger` option: `true`, pino options (with Fastify's `stream` or `file`, where the lines
 * go, and arbor's `pretty`), or (Fastify 4 line) a logger.
 */
export type LoggerOption =
  | boolean
  | (LoggerOptions & { stream?: LogStream; file?: string; pretty?: boolean })
  | ArborLogger

/**
 * Builds the root logger from the `logger` and `loggerInstance` factory options, in Fastify 5's
 * order of checks. A ready-made logger (`loggerInstance`, or `logger` in the Fastify 4 line) is
 * wrapped in a child that adds the default serializers under its own, as Fastify does.
 */
export function createLogger(
  logger: LoggerOption | undefined,
  loggerInstance: unknown,
  line: FastifyLine,
): ArborLogger {
  if (logger && loggerInstance) {
    throw new errorCodes.FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED()
  }
  if (!logger && !loggerInstance) return silentLogger
  if (isLogger(loggerInstance)) return wrapInstance(loggerInstance, line)
  if (isLogger(logger)) {
    // Fastify 5 takes a logger only in `loggerInstance`; Fastify 4.25 took it here.
    if (!line.loggerOptionTakesInstance) throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER_CONFIG()
    return wrapInstance(logger, line)
  }
  if (loggerInstance) throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER_INSTANCE()
  if (logger === true)
    return createPino({ serializers: defaultSerializers(line) }, undefined, undefined)
  const { stream, file, pretty, ...rest } = logger as Exclude<LoggerOption, boolean | ArborLogger>
  if (stream && file) throw new errorCodes.FST_ERR_LOG_INVALID_DESTINATION()
  const options: LoggerOptions = {
    ...rest,
    serializers: { ...defaultSerializers(line), ...rest.serializers },
  }
  // `file`: pino's own file destination, as Fastify opens it
  const destination = file ? (requireLazily('pino') as typeof pinoType).destination(file) : stream
  // JSON, or human-readable lines at a developer's terminal (config/pretty-logs.ts)
  return createPino(options, destination, pretty)
}

// pino keeps a logger's serializers under this registered symbol, the same in every copy of pino
const pinoSerializers: unique symbol = Symbol.for('pino.serializers') as never

/**
 * The application's logger over a ready-made one: a child with no bindings whose serializers
 * are the defaults, overridden by the logger's own (its `serializers`, and pino's, found by
 * pino's registered symbol so that any copy of pino works).
 */
function wrapInstance(logger: ArborLogger, line: FastifyLine): ArborLogger {
  const own = logger as ArborLogger & {
    serializers?: Record<string, LogSerializer>
    [pinoSerializers]?: Record<string, LogSerializer>
  }
  const serializers = { ...defaultSerializers(line), ...own.serializers, ...own[pinoSerializers] }
  return logger.child({}, { serializers })
}

/**
 * A route's `logLevel` must be a level of the application's logger, checked when the route is
 * added (FST_ERR_ROUTE_LOG_LEVEL_INVALID). Unset, null and '' mean the context's level; a logger
 * without pino's level table (logging off, a custom logger) is not checked, as in Fastify 5.
 */
export function assertRouteLogLevel(
  level: unknown,
  method: string | string[],
  url: string,
  logger: ArborLogger,
): void {
  if (level === undefined || level === null || level === '') return
  const values = (logger as { levels?: { values?: Record<string, number> } }).levels?.values
  if (values === undefined || values === null) return
  if (typeof level !== 'string' || values[level] === undefined) {
    throw new errorCodes.FST_ERR_ROUTE_LOG_LEVEL_INVALID(String(method), url, String(level))
  }
}
