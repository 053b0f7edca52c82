import type { ArborInstance } from '../../types/instance.ts'
import type { Done } from './run-queue.ts'

/** A callback of the ready queue: `(err, done)` or `(err, instance, done)`. */
export type ReadyCallback = ((err: Error | null | undefined, done: Done) => void) & {
  unwrappedName?: string
}
/** A callback of the close queue, either an onClose hook or what close() resolves. */
export type CloseCallback = Function & { isOnCloseHook?: boolean }

/**
 * Adapts a user's `ready`/`after`/`close` callback to the queue's `(err, done)` form, by its
 * arity as Fastify does: `()` keeps the error for the next callback, `(err)` handles it,
 * `(err, done)` decides it, `(err, instance, done)` also receives the instance.
 */
export function errorFirstCallback(
  fn: Function | undefined,
  instance: ArborInstance,
): ReadyCallback {
  const wrapped: ReadyCallback = (err, done) => {
    if (fn === undefined) {
      process.nextTick(done)
    } else if (fn.length === 0) {
      settle(fn(), () => process.nextTick(done, err), done)
    } else if (fn.length === 1) {
      settle(fn(err), () => process.nextTick(done), done)
    } else if (fn.length === 2) {
      fn(err, done)
    } else {
      fn(err, instance, done)
    }
  }
  wrapped.unwrappedName = fn?.name
  return wrapped
}

/**
 * Adapts an onClose hook, `()`, `(instance)` or `(instance, done)`, to `(instance, done)`. The
 * hook's `this` is the instance it was added to, as in Fastify 5 (4.25 left it unset).
 */
export function onCloseCallback(fn: Function, instance: ArborInstance): CloseCallback {
  const wrapped: CloseCallback = (_context: unknown, done: Done) => {
    if (fn.length === 0) settle(fn.call(instance), () => process.nextTick(done), done)
    else if (fn.length === 1)
      settle(fn.call(instance, instance), () => process.nextTick(done), done)
    else fn.call(instance, instance, done)
  }
  wrapped.isOnCloseHook = true
  return wrapped
}

// A returned promise (or thenable) settles the callback; anything else settles it at once.
function settle(result: unknown, ok: () => void, done: Done): void {
  if (
    result !== null &&
    result !== undefined &&
    typeof (result as PromiseLike<unknown>).then === 'function'
  ) {
    ;(result as PromiseLike<unknown>).then(ok, (err: Error) => process.nextTick(done, err))
  } else ok()
}

/**
 * Calls a user's callback from inside a promise reaction so that an exception it throws is
 * an uncaughtException, as when Fastify calls it from a plain callback, rather than an
 * unhandled rejection of a promise nobody holds.
 */
export function callOutsidePromise(fn: Function, ...args: unknown[]): void {
  try {
    fn(...args)
  } catch (err) {
    process.nextTick(() => {
      throw err
    })
  }
}
