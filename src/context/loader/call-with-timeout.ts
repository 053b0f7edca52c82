/**
 * Calls `fn(...args, done)` in either style a plugin or application hook may use: it settles
 * when `done` is called, when the returned promise settles, or at once when the function
 * neither takes `done` nor returns a promise. `timeout` > 0 bounds the wait.
 */
export function callWithTimeout(
  fn: Function,
  thisArg: unknown,
  args: unknown[],
  timeout: number,
  timeoutError: () => Error,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false
    const timer = timeout > 0 ? setTimeout(() => finish(timeoutError()), timeout) : undefined
    function finish(err?: unknown): void {
      if (settled) return
      settled = true
      if (timer !== undefined) clearTimeout(timer)
      if (err === undefined || err === null) resolve()
      else reject(err instanceof Error ? err : new Error(String(err)))
    }
    let result: unknown
    try {
      result = fn.call(thisArg, ...args, (err?: Error | null) => finish(err))
    } catch (err) {
      finish(err)
      return
    }
    if (result !== null && typeof (result as PromiseLike<unknown>)?.then === 'function') {
      ;(result as PromiseLike<unknown>).then(
        () => finish(),
        (err: unknown) => finish(err ?? new Error('rejected without a reason')),
      )
    } else if (fn.length <= args.length) {
      finish()
    }
  })
}
