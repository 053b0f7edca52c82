import { type Instance, kState } from '../state.ts'

/**
 * Awaiting the instance (or what `register` returns) loads what was registered so far, as
 * avvio's thenable does for Fastify: `then` is a function that returns a real promise, so
 * `then(onFulfilled)` alone works, and a load error rejects it (and stays the loader's error,
 * so later plugins are skipped). The promise resolves with the root instance. Once the root
 * plugin has loaded, the instance is no longer thenable. Defined outside the class so the
 * public type is not itself a promise.
 */
export function installThenable(prototype: object): void {
  Object.defineProperty(prototype, 'then', {
    configurable: true,
    get(this: Instance) {
      const loader = this[kState].root.loader
      if (loader.booted) return undefined
      // Resolving a promise with the (thenable) instance reads `then` again: it must not loop.
      if (loader.thenGuard) {
        loader.thenGuard = false
        return undefined
      }
      return (onFulfilled?: (value: unknown) => unknown, onRejected?: (err: unknown) => unknown) =>
        loader.loadRegistered().then(() => {
          loader.thenGuard = true
          return onFulfilled === undefined ? loader.server : onFulfilled(loader.server)
        }, onRejected)
    },
  })
}
