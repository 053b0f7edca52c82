import { drain } from './plugin-loader.ts'
import { type Instance, kState } from './state.ts'

const kThenGuard = Symbol('arbor.then-guard')

/**
 * Awaiting the instance (or what `register` and `after` return) loads what was registered so
 * far, as avvio does for Fastify. Once the application is ready the instance is no longer
 * thenable. Defined outside the class so the public type is not itself a promise.
 */
export function installThenable(prototype: object): void {
  Object.defineProperty(prototype, 'then', {
    configurable: true,
    get(this: Instance) {
      const root = this[kState].root
      if (root.ready) return undefined
      if ((this as Guarded)[kThenGuard] === true) {
        ;(this as Guarded)[kThenGuard] = false
        return undefined
      }
      return (resolve: (value: unknown) => void, reject: (err: unknown) => void) => {
        const frame = root.frames[root.frames.length - 1]!
        drain(root, root.loader, frame).then(() => {
          const err = frame.error
          if (err !== null) {
            frame.error = null
            reject(err)
            return
          }
          Object.defineProperty(this, kThenGuard, {
            value: true,
            writable: true,
            configurable: true,
          })
          resolve(this)
        }, reject)
      }
    },
  })
}

type Guarded = Instance & { [kThenGuard]?: boolean }
