import type { ArborErrorClass } from '../../errors.ts'
import type { ArborInstance } from '../../types/instance.ts'
import { type Done, RunQueue } from './run-queue.ts'

/** One node of the tree printPlugins() draws. */
export interface PluginNode {
  name: string
  /** the instance the plugin ran with */
  instance: ArborInstance | undefined
  encapsulated: boolean
  loadTime: number | undefined
  children: PluginNode[]
}

interface Deferred {
  promise: Promise<void>
  resolve: () => void
  reject: (err: Error) => void
}

export type PluginFn = (
  instance: ArborInstance,
  options: unknown,
  done: (err?: Error | null) => void,
) => unknown

/**
 * One registered plugin (or `after` callback, or the root) while it loads: its function, its
 * options, the queue of what it registers, and the timer that bounds it. A plugin is loaded
 * once its function has finished and everything it queued has loaded, depth first.
 */
export class PluginRecord {
  readonly queue: RunQueue<PluginRecord>
  fn: PluginFn | PromiseLike<unknown>
  options: unknown
  readonly isAfter: boolean
  readonly timeout: number
  name: string
  /** the instance the plugin runs with, once it started */
  server: ArborInstance | undefined = undefined
  startTime = 0
  loaded = false
  /** what `await register()` waits on while this plugin loads (see PluginLoader.loadedSoFar) */
  pending: Deferred | null = null
  readonly node: PluginNode
  readonly parent: PluginRecord | undefined

  constructor(
    load: (record: PluginRecord, done: Done) => void,
    fn: PluginFn | PromiseLike<unknown>,
    options: unknown,
    isAfter: boolean,
    timeout: number,
    name: string,
    parent: PluginRecord | undefined,
  ) {
    this.queue = new RunQueue(load)
    this.queue.pause()
    this.fn = fn
    this.options = options
    this.isAfter = isAfter
    this.timeout = timeout
    this.name = name
    this.parent = parent
    this.node = { name, instance: undefined, encapsulated: true, loadTime: undefined, children: [] }
  }

  /**
   * Runs the plugin's function with `server`; `callback` gets its outcome, once. A plugin that
   * has not finished after `timeout` ms fails with `TimeoutError` (its code depends on the line).
   */
  exec(server: ArborInstance, callback: Done, TimeoutError: ArborErrorClass): void {
    this.server = server
    let completed = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const done = (err?: Error | null) => {
      if (completed) return
      completed = true
      if (timer !== undefined) clearTimeout(timer)
      callback(err)
    }
    const fn = this.fn as PluginFn
    if (this.timeout > 0) {
      const name = this.name
      timer = setTimeout(() => {
        timer = undefined
        const err = new TimeoutError(name)
        Object.defineProperty(err, 'fn', { value: fn, configurable: true })
        done(err)
      }, this.timeout)
    }
    this.startTime = Date.now()
    if (this.isAfter) {
      // An `after` callback that throws surfaces as an uncaughtException, as in Fastify.
      fn(server, this.options, done)
      return
    }
    let result: unknown
    try {
      // An options function is called with the instance the plugin gets (Fastify's rule).
      if (typeof this.options === 'function') this.options = this.options(server)
      result = fn(server, this.options, done)
    } catch (err) {
      // avvio lets a plugin's synchronous throw escape; arbor makes it the load error.
      done(err as Error)
      return
    }
    if (isPromiseLike(result)) {
      result.then(
        () => process.nextTick(done),
        (err: unknown) =>
          process.nextTick(done, (err ?? new Error('plugin rejected without a reason')) as Error),
      )
    } else if (fn.length < 3) {
      // Neither a promise nor a `done` parameter: loaded once the function returned.
      process.nextTick(done)
    }
  }

  enqueue(record: PluginRecord, callback: Done): void {
    this.queue.push(record, callback)
  }

  /**
   * The plugin's function has finished (`err` is its outcome). It is loaded once its own queue
   * has drained; a pending `await register()` inside it is released first.
   */
  finish(err: Error | null | undefined, callback: Done): void {
    const done = () => {
      if (this.loaded) return
      this.loaded = true
      this.node.loadTime = Date.now() - this.startTime
      callback(err)
    }
    if (err) {
      if (this.pending !== null) {
        this.pending.reject(err)
        this.pending = null
      }
      done()
      return
    }
    const check = () => {
      if (this.queue.length === 0 && this.queue.running === 0) {
        if (this.pending !== null) {
          const again = () => queueMicrotask(check)
          this.pending.resolve()
          this.pending.promise.then(again, again)
          this.pending = null
        } else done()
        return
      }
      this.queue.onDrain = () => {
        this.queue.onDrain = noop
        // deferred, as a safety net for what the last loaded item scheduled
        queueMicrotask(check)
      }
    }
    queueMicrotask(check)
    // what the plugin registered starts loading once the plugin itself has finished
    this.queue.resume()
  }
}

export function deferred(): Deferred {
  let resolve!: () => void
  let reject!: (err: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  )
}

function noop(): void {}
