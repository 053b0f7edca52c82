import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import { type Instance, kState } from '../context/state.ts'
import type { ListenCallback, ListeningAddress, ListenOptions } from '../types/server.ts'
import { ready } from './boot.ts'
import { close } from './close.ts'
import { inject } from './inject.ts'
import { addresses, listen } from './listen.ts'

/** The instance's server methods: `ready`, `listen`, `addresses`, `close`, `inject`. */
export const serverMethods = {
  /** Loads every plugin, builds every route and runs onReady hooks. */
  ready(this: Instance, callback?: (err: Error | null) => void) {
    const promise = ready(this[kState].root).then(() => this)
    if (callback === undefined) return promise
    promise.then(
      () => callback(null),
      (err: Error) => callback(err),
    )
    return this
  },

  /** Starts listening. `listen({ port, host })` returns the address; a callback form exists. */
  listen(this: Instance, a?: ListenOptions | ListenCallback, b?: ListenCallback) {
    const options = typeof a === 'function' ? {} : (a ?? {})
    const callback = typeof a === 'function' ? a : b
    const promise = listen(this[kState].root, options)
    if (callback === undefined) return promise
    promise.then(
      (address) => callback(null, address),
      (err: Error) => callback(err, ''),
    )
    return undefined
  },

  /** The addresses the server listens on. */
  addresses(this: Instance): ListeningAddress[] {
    return addresses(this[kState].root)
  },

  /** Stops accepting connections, lets in-flight requests finish, runs onClose hooks. */
  close(this: Instance, callback?: (err?: Error | null) => void) {
    const promise = close(this[kState].root)
    if (callback === undefined) return promise
    promise.then(
      () => callback(null),
      (err: Error) => callback(err),
    )
    return this
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
