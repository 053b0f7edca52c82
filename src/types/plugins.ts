// The plugin types users write plugins with: they refer to the instance and the instance does
// not refer to them (`register` takes `RegistrablePlugin`, types/instance-core.ts).
import type { AddedBy, Decorated, DecoratorTypes, WithPluginAdds } from './context-types.ts'
import type { ArborInstance } from './instance-core.ts'
import type { ArborPluginOptions } from './plugin-options.ts'

/**
 * An async plugin: `async (instance, opts) => { ... }`.
 * @example
 * const users: ArborPluginAsync<{ table: string }> = async (app, opts) => {
 *   app.get('/users', async () => db.all(opts.table))
 * }
 */
export type ArborPluginAsync<
  Options extends object = Record<string, unknown>,
  Instance extends ArborInstance = ArborInstance,
> = (instance: Instance, opts: Options & ArborPluginOptions) => Promise<unknown>

/** A callback plugin: `(instance, opts, done) => { ...; done() }`. */
export type ArborPluginCallback<
  Options extends object = Record<string, unknown>,
  Instance extends ArborInstance = ArborInstance,
> = (instance: Instance, opts: Options & ArborPluginOptions, done: (err?: Error) => void) => void

/**
 * The instance type of a context that has the decorators `D`, for a plugin written in its own
 * file that needs them: registering it where they are missing does not compile.
 * @example
 * type WithUser = ArborInstanceWith<{ request: { user: User | null } }>
 * const admin: ArborPluginAsync<{}, WithUser> = async (app) => {
 *   app.get('/admin', (request) => request.user?.admin)
 * }
 */
export type ArborInstanceWith<D extends DecoratorTypes> = Decorated<ArborInstance, D>

/**
 * A plugin wrapped with `plugin()`: it runs in the context that registers it, so what its
 * function returns (the instance it decorated) is added to that context's type by `register`.
 */
export type WrappedPlugin<O extends object, R> = ((
  instance: ArborInstance,
  opts: O & ArborPluginOptions,
  done: (err?: Error) => void,
) => R) &
  WithPluginAdds<AddedBy<R, ArborInstance>>
