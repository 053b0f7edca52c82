import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import { type Instance, kState } from '../context/state.ts'
import { callOutsidePromise, errorFirstCallback } from '../context/user-callbacks.ts'
import type { ListenCallback, ListeningAddress, ListenOptions } from '../types/server.ts'
import { ready, readyThen } from './boot.ts'
import { close } from './close.ts'
import { inject } from './inject.ts'
import { addresses, listen } from './listen.ts'

/** The instance's server methods: `ready`, `listen`, `addresses`, `close`, `inject`. */
export const serverMethods = {
  /**
   * Loads every plugin, builds every route and runs onReady hooks; resolves with the instance,
   * or calls `callback(err, instance)`. Inside a plugin, `instance.ready()` resolves once what
   * was registered so far has loaded, before the application's onReady hooks.
   */
  ready(this: Instance, callback?: Function) {
    const state = this[kState]
    const root = state.root
    if (state.parent !== null) {
      if (callback === undefined) return root.loader.ready()
      root.loader.ready(errorFirstCallback(callback, this))
      return undefined
    }
    if (callback === undefined) return ready(root)
    readyThen(root, callback)
    return undefined
  },

  /** Starts listening. `listen({ port, host })` returns the address; a callback form exists. */
  listen(this: Instance, a?: ListenOptions | ListenCallback, b?: ListenCallback) {
    const options = typeof a === 'function' ? {} : (a ?? {})
    const callback = typeof a === 'function' ? a : b
    const promise = listen(this[kState].root, options)
    if (callback === undefined) return promise
    promise.then(
      (address) => callOutsidePromise(callback, null, address),
      (err: Error) => callOutsidePromise(callback, err, ''),
    )
    return undefined
  },

  /** The addresses the server listens on. */
  addresses(this: Instance): ListeningAddress[] {
    return addresses(this[kState].root)
  },

  /**
   * Stops accepting connections, lets in-flight requests finish, runs preClose and onClose
   * hooks; loads the application first if it never started.
   */
  close(this: Instance, callback?: Function) {
    const promise = close(this[kState].root, callback)
    return promise ?? this
  },

  /** In-process requests (light-my-request); waits for `ready()` itself. */
  inject(
    this: Instance,
    options?: InjectOptions | string,
    callback?: (err: Error | null, res?: InjectResponse) => void,
  ): Chain | Promise<InjectResponse> | undefined {
    return inject(this[kState].root, options, callback)
  },
}
