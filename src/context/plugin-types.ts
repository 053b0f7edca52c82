import type { ArborInstance } from './instance.ts'

/** Options every plugin accepts, besides its own. */
export interface ArborPluginOptions {
  prefix?: string
  logLevel?: string
  [key: string]: unknown
}

/**
 * An async plugin: `async (instance, opts) => { ... }`.
 * @example
 * const users: ArborPluginAsync<{ table: string }> = async (app, opts) => {
 *   app.get('/users', async () => db.all(opts.table))
 * }
 */
export type ArborPluginAsync<Options extends object = Record<string, unknown>> = (
  instance: ArborInstance,
  opts: Options & ArborPluginOptions,
) => Promise<void>

/** A callback plugin: `(instance, opts, done) => { ...; done() }`. */
export type ArborPluginCallback<Options extends object = Record<string, unknown>> = (
  instance: ArborInstance,
  opts: Options & ArborPluginOptions,
  done: (err?: Error) => void,
) => void
