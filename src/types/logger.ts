/** The options of a child logger: its level, and serializers added to its parent's. */
export interface ChildLoggerOptions {
  level?: string
  serializers?: Record<string, (value: never) => unknown>
}

/** The logger surface arbor uses; pino and any pino-compatible logger satisfy it. */
export interface ArborLogger {
  level: string
  fatal(obj: unknown, msg?: string, ...args: unknown[]): void
  error(obj: unknown, msg?: string, ...args: unknown[]): void
  warn(obj: unknown, msg?: string, ...args: unknown[]): void
  info(obj: unknown, msg?: string, ...args: unknown[]): void
  debug(obj: unknown, msg?: string, ...args: unknown[]): void
  trace(obj: unknown, msg?: string, ...args: unknown[]): void
  child(bindings: Record<string, unknown>, options?: ChildLoggerOptions): ArborLogger
}
