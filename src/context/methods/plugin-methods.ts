import { errorCodes } from '../../errors.ts'
import type { ArborPluginOptions, RegistrablePlugin } from '../../types/instance.ts'
import { printPlugins } from '../inspect/print-plugins.ts'
import { hasRegistered } from '../plugin-checks.ts'
import { type Instance, kState } from '../state.ts'

/** The instance's plugin methods: `register`, `after`, `hasPlugin`, `printPlugins`. */
export const pluginMethods = {
  /** Registers a plugin; it gets its own context unless wrapped with `plugin()`. */
  register<O extends object>(
    this: Instance,
    plugin: RegistrablePlugin<O>,
    options?: (O & ArborPluginOptions) | ((instance: Instance) => O & ArborPluginOptions),
  ) {
    if (
      options !== undefined &&
      options !== null &&
      typeof options !== 'object' &&
      typeof options !== 'function'
    ) {
      throw new errorCodes.FST_ERR_OPTIONS_NOT_OBJ()
    }
    this[kState].root.loader.use(plugin, options)
    return this
  },

  /**
   * Runs `callback` once everything registered before it has loaded; without a callback,
   * returns a promise of that.
   */
  after(this: Instance, callback?: Function) {
    const loader = this[kState].root.loader
    if (typeof callback !== 'function') return loader.loadRegistered()
    loader.after(callback, this)
    return this
  },

  /**
   * Whether a plugin of that name is registered where this instance can see it: a wrapped
   * plugin's meta name in this context or an ancestor, or a name in this context's
   * `pluginName` chain.
   */
  hasPlugin(this: Instance, name: string): boolean {
    const state = this[kState]
    return hasRegistered(state, name) || state.nameChain.includes(name)
  },

  /** The context tree, with each plugin's name and load time, as text. */
  printPlugins(this: Instance): string {
    return printPlugins(this[kState])
  },
}
