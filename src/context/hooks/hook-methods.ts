import { errorCodes } from '../../errors.ts'
import type { HookName } from '../../types/hook-names.ts'
import type { HookSignatures } from '../../types/instance.ts'
import { loaderErrors } from '../loader/loader-errors.ts'
import type { Done } from '../loader/run-queue.ts'
import { onCloseCallback } from '../loader/user-callbacks.ts'
import { type ContextState, type Instance, kState } from '../state.ts'
import { checkHook } from './hooks.ts'

/** The instance's `addHook` (docs/hooks.md). */
export const hookMethods = {
  /**
   * Adds a hook to this context (and its descendants). As in Fastify, the request hooks and
   * onRegister (and preClose in the 4.25 line) take their place behind what was registered
   * before them, as an `after()` would: a hook added after `register(plugin)` runs after the
   * hooks that plugin added to the same context.
   */
  addHook<K extends HookName>(this: Instance, name: K, fn: HookSignatures[K]) {
    const state = this[kState]
    const root = state.root
    if (root.started)
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "addHook"!')
    checkHook(name, fn)
    if (name === 'onClose') return addOnClose(this, fn)
    // onReady and onListen may still be added while onReady hooks run (those added then do
    // not run this time); the others belong to loading, which has ended once the routes
    // were built (Fastify's loader refuses them with `Root plugin has already booted`).
    if (name === 'onReady' || name === 'onListen') {
      root.appHooks[name as 'onReady' | 'onListen'].push([fn, this])
      return this
    }
    if (name === 'onRoute') {
      // at once, and for this context only: routes already added in children do not rerun it
      state.hooks.onRoute.push(fn as never)
      return this
    }
    if (root.loader.booted) throw new loaderErrors.AVV_ERR_ROOT_PLG_BOOTED()
    if (name === 'preClose') {
      const add = () => root.appHooks.preClose.push([fn, this])
      if (root.options.line.queuePreCloseHook) afterLoaded(this, add)
      else add()
      return this
    }
    // Where a hook is added decides where it applies, not when: it also reaches the children
    // this context has by the time its turn comes.
    afterLoaded(this, () => addToContext(state, name, fn))
    return this
  },

  /**
   * The loader's own onClose (avvio's, which Fastify exposes beside `register`, `after`,
   * `ready` and `close`, and which its `addHook('onClose')` calls): `fn` joins the close
   * queue at once, last added first, with neither addHook's started check nor its arity
   * check. @fastify/http-proxy and @fastify/reply-from call it while they register.
   * @example
   * app.onClose(async (instance) => { await instance.db.end() })
   */
  onClose(this: Instance, fn: HookSignatures['onClose']) {
    if (typeof fn !== 'function')
      throw new loaderErrors.AVV_ERR_CALLBACK_NOT_FN('onClose', typeof fn)
    return addOnClose(this, fn)
  },
}

// `()`, `(instance)` or `(instance, done)`, in the context it was added to (docs/hooks.md).
function addOnClose(instance: Instance, fn: Function): Instance {
  const root = instance[kState].root
  root.loader.onClose(onCloseCallback(fn, instance))
  root.appHooks.onClose.push([fn, instance])
  return instance
}

// The hook is added once what was registered before it has loaded (Fastify's `this.after`).
function afterLoaded(instance: Instance, add: () => void): void {
  const step = (err: Error | null | undefined, done: Done) => {
    add()
    done(err)
  }
  instance[kState].root.loader.after(step, instance)
}

function addToContext(state: ContextState, name: HookName, fn: unknown): void {
  state.hooks[name].push(fn as never)
  for (const child of state.children) addToContext(child, name, fn)
}
