import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import { type Instance, kState } from '../context/state.ts'
import type { ListeningAddress } from '../types/server.ts'
import { ready } from './boot.ts'
import { close } from './close.ts'
import { inject } from './inject.ts'
import { addresses, readListenArgs, startListening, watchSignal } from './listen.ts'
import { runOnListenHooks } from './on-listen.ts'

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

  /**
   * Starts listening: `listen({ port, host })` resolves with the address, `listen(options, cb)`
   * calls back with `(err, address)` (`address` null on failure); the variadic forms warn.
   */
  listen(this: Instance, ...args: unknown[]) {
    const root = this[kState].root
    const { options, callback } = readListenArgs(args)
    watchSignal(options.signal, () => this.close().catch(() => {}))
    if (callback === undefined) {
      return new Promise<string>((resolve, reject) => {
        startListening(root, options, true, (err, address) => {
          if (err !== null) return reject(err)
          // Started first, so that hooks finishing in a microtask are done when `await` returns,
          // as with Fastify's chained promises; still, nothing waits for them.
          runOnListenHooks(root)
          resolve(address!)
        })
      })
    }
    try {
      startListening(root, options, false, (err, address) => {
        callback(err, address as string)
        if (err === null) runOnListenHooks(root)
      })
    } catch (err) {
      process.nextTick(callback, err as Error, null as unknown as string)
    }
    return undefined
  },

  /** The addresses the server listens on. */
  addresses(this: Instance): ListeningAddress[] {
    // a unix socket's entry is its path, as in Fastify
    return addresses(this[kState].root) as ListeningAddress[]
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

  /** `await using app = arbor()`: disposing of the instance closes it, as Fastify 4.25 does. */
  [Symbol.asyncDispose](this: Instance): Promise<void> {
    return this.close()
  },
}
