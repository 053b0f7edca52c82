import type { ArborPluginOptions, RegistrablePlugin } from '../types/instance.ts'
import type { PluginOptions } from './load-frame.ts'
import { enqueueAfter, enqueuePlugin } from './plugin-loader.ts'
import { printPlugins } from './print-plugins.ts'
import { type Instance, kState } from './state.ts'

/** The instance's plugin methods: `register`, `after`, `printPlugins`. */
export const pluginMethods = {
  /** Registers a plugin; it gets its own context unless wrapped with `plugin()`. */
  register<O extends object>(
    this: Instance,
    plugin: RegistrablePlugin<O>,
    options?: (O & ArborPluginOptions) | ((parent: Instance) => O & ArborPluginOptions),
  ) {
    enqueuePlugin(this[kState].root, plugin, options as PluginOptions | undefined)
    return this
  },

  /** Runs `callback` once everything registered before it has loaded. */
  after(
    this: Instance,
    callback?: (err: Error | null, done?: (err?: Error | null) => void) => unknown,
  ) {
    enqueueAfter(this[kState].root, callback ?? (() => {}))
    return this
  },

  /** The context tree, with each plugin's name and load time, as text. */
  printPlugins(this: Instance): string {
    return printPlugins(this[kState])
  },
}
