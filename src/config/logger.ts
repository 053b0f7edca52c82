import type pinoType from 'pino'
import type { Logger, LoggerOptions } from 'pino'
import { errorCodes } from '../errors.ts'
import type { ArborLogger, ChildLoggerOptions } from '../types/logger.ts'
import { requireLazily } from './lazy-require.ts'
import { createPino } from './pretty-logs.ts'

const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const

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
  hostname?: string
  ip?: string
  raw?: { socket?: { remotePort?: number } }
  socket?: { remotePort?: number }
}

/** What a request, a reply and an error look like in log lines. */
export const serializers = {
  req(req: RequestLike) {
    return {
      method: req.method,
      url: req.url,
      hostname: req.hostname,
      remoteAddress: req.ip,
      remotePort: req.raw?.socket?.remotePort ?? req.socket?.remotePort,
    }
  },
  res(reply: { statusCode?: number }) {
    return { statusCode: reply.statusCode }
  },
  // pino loads with the first logger arbor builds (pretty-logs.ts): logging off needs none
  err(err: Error) {
    return (requireLazily('pino') as typeof pinoType).stdSerializers.err(err)
  },
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

/** What a custom child logger factory returned must be a logger (FST_ERR_LOG_INVALID_LOGGER). */
export function assertLogger(value: unknown): asserts value is ArborLogger {
  const missing = [...levels, 'child'].filter(
    (m) => typeof (value as Record<string, unknown> | null | undefined)?.[m] !== 'function',
  )
  if (missing.length > 0) throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER(missing.join(','))
}

function isLoggerInstance(value: object): value is ArborLogger {
  return (
    typeof (value as { child?: unknown }).child === 'function' &&
    levels.every((l) => typeof (value as Record<string, unknown>)[l] === 'function')
  )
}

/** Builds the root logger from the `logger` factory option. */
export function createLogger(option: boolean | LoggerOptions | Logger | undefined): ArborLogger {
  if (option === undefined || option === false) return silentLogger
  if (option === true) return createPino({ serializers }, undefined, undefined)
  if (
    'child' in option ||
    levels.some((l) => l in option && typeof (option as Record<string, unknown>)[l] === 'function')
  ) {
    if (!isLoggerInstance(option)) {
      const missing = [...levels, 'child'].filter(
        (m) => typeof (option as Record<string, unknown>)[m] !== 'function',
      )
      throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER(missing.join(','))
    }
    return option
  }
  const { stream, pretty, ...rest } = option as LoggerOptions & {
    stream?: NodeJS.WritableStream
    pretty?: unknown
  }
  const options: LoggerOptions = { ...rest, serializers: { ...serializers, ...rest.serializers } }
  // JSON, or human-readable lines at a developer's terminal (config/pretty-logs.ts)
  return createPino(options, stream, pretty)
}
