// The options every plugin accepts, whatever its own are.
/** Options every plugin accepts, besides its own. */
export interface ArborPluginOptions {
  prefix?: string
  logLevel?: string
  /** pino serializers added, for the request loggers of this plugin's routes, to its parent's */
  logSerializers?: Record<string, (value: never) => unknown>
  [key: string]: unknown
}
