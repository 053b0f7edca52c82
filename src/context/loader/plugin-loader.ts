import type { FastifyLine } from '../../config/fastify-lines.ts'
import { type ArborErrorClass, errorCodes } from '../../errors.ts'
import type { ArborInstance } from '../../types/instance.ts'
import { loaderErrors } from './loader-errors.ts'
import { loaderName } from './plugin-meta.ts'
import {
  deferred,
  isPromiseLike,
  type PluginFn,
  type PluginNode,
  PluginRecord,
} from './plugin-record.ts'
import { type Done, RunQueue } from './run-queue.ts'
import { type CloseCallback, errorFirstCallback, type ReadyCallback } from './user-callbacks.ts'

/** What the loader asks of the layers that use it. */
export interface LoaderHooks {
  /** Fastify's `override`: the instance a plugin runs with (a new child, or the parent). */
  override(parent: ArborInstance, fn: Function, options: unknown): ArborInstance
  /** Everything is loaded: build what the routes need. A throw is the boot error. */
  onPreReady(): void
  /** The first ready callbacks have all run: the application has started. */
  onStart(): void
}

/**
 * Fastify's plugin loader, avvio 8, as arbor's own code: the order in which plugins, `after`
 * callbacks and `ready` callbacks run, and how an error travels, are part of Fastify's
 * behaviour that applications rely on, so they follow avvio's rules:
 * - `register` queues a plugin in the plugin loading now (at the top level, the root);
 *   it loads once that plugin's function has finished, depth first.
 * - A failed plugin sets the loader's error: later plugins are skipped, `after` and `ready`
 *   callbacks still run and receive it; a callback taking the error argument clears it.
 * - Ready callbacks, of the root and of every child (`instance.ready()`), share one queue that
 *   runs once the root has loaded; close callbacks and onClose hooks share another.
 */
export class PluginLoader {
  readonly server: ArborInstance
  readonly timeout: number
  readonly hooks: LoaderHooks
  /** ready callbacks of every instance and the steps of onReady and preClose hooks */
  readonly readyQueue: RunQueue<ReadyCallback>
  /** onClose hooks (last added first), then what close() calls back */
  readonly closeQueue: RunQueue<CloseCallback>
  readonly rootNode: PluginNode
  /** the plugins loading now, innermost first */
  readonly #current: PluginRecord[] = []
  /** the load error the next ready or after callback receives (undefined once one handled it) */
  error: Error | null | undefined = null
  /** `ready()` (or `close()`) asked the root to finish */
  started = false
  /** the root plugin has loaded and the routes were built */
  booted = false
  /** breaks the recursion of resolving a promise with the (thenable) instance */
  thenGuard = false
  #root: PluginRecord | null
  #startRoot: Done | null = null

  /** what a plugin that does not finish in time fails with (line row `pluginTimeoutCause`) */
  readonly #execTimeoutError: ArborErrorClass

  constructor(server: ArborInstance, timeout: number, hooks: LoaderHooks, line: FastifyLine) {
    this.server = server
    this.timeout = timeout
    this.hooks = hooks
    this.#execTimeoutError = loaderErrors[line.pluginTimeoutCause]
    Object.defineProperty(server, kLoaderServer, { value: true })
    this.readyQueue = new RunQueue((fn, done) => this.#runReadyCallback(fn, done))
    this.readyQueue.pause()
    this.readyQueue.onDrain = () => {
      this.readyQueue.onDrain = noop
      this.hooks.onStart()
    }
    this.closeQueue = new RunQueue((fn, done) => this.#runCloseCallback(fn, done))
    this.closeQueue.pause()
    // The root is a plugin that finishes when start() is called; until then `after()` and
    // `await register()` can load what was registered so far.
    const root = new PluginRecord(
      (record, done) => this.#loadNextTick(record, done),
      (_server, _opts, done) => {
        this.#startRoot = done
      },
      {},
      false,
      0,
      'bound root',
      undefined,
    )
    this.#root = root
    this.rootNode = root.node
    this.rootNode.instance = server
    this.#loadPlugin(root, (err) => this.#rootLoaded(err))
  }

  /** `register(plugin, options)`. */
  use(fn: unknown, options: unknown): PluginRecord {
    return this.#add(fn, options, false)
  }

  /** `after(callback)` called on `instance`. */
  after(callback: Function, instance: ArborInstance): void {
    const wrapped = errorFirstCallback(callback, instance)
    const runAfter: PluginFn = (_server, _opts, done) => this.#runReadyCallback(wrapped, done)
    Object.defineProperty(runAfter, 'name', { value: 'bound _after' })
    this.#add(runAfter, {}, true)
  }

  /** `after()` without a callback, and `await instance`: loads what was registered so far. */
  loadRegistered(): Promise<void> {
    const plugin = this.#current[0]
    if (!this.started && !this.booted) process.nextTick(() => this.#root?.queue.resume())
    if (plugin === undefined) return Promise.resolve()
    return this.loadedSoFar(plugin)
  }

  /** Resolves once what `plugin` registered so far has loaded, then pauses its queue. */
  loadedSoFar(plugin: PluginRecord): Promise<void> {
    if (plugin.loaded) return Promise.resolve()
    if (plugin.pending !== null) return Promise.resolve()
    plugin.pending = deferred()
    const promise = plugin.pending.promise
    const server = plugin.server ?? this.server
    this.after((afterErr: Error | null, callback: Done) => {
      plugin.queue.pause()
      if (plugin.pending !== null) {
        if (afterErr) plugin.pending.reject(afterErr)
        else plugin.pending.resolve()
        plugin.pending = null
      }
      process.nextTick(callback, afterErr)
    }, server)
    plugin.queue.resume()
    return promise
  }

  /**
   * Queues a ready callback in `(err, done)` form and starts loading. Without one, returns a
   * promise of the instance of the plugin loading now (the root once everything loaded).
   */
  ready(callback?: ReadyCallback): Promise<ArborInstance> | undefined {
    if (callback !== undefined) {
      this.readyQueue.push(callback)
      queueMicrotask(() => this.start())
      return undefined
    }
    return new Promise((resolve, reject) => {
      const context = this.#current[0]?.server ?? this.server
      const onReady = (err: Error | null, _server: unknown, done: Done) => {
        if (err) reject(err)
        else resolve(context)
        process.nextTick(done)
      }
      this.readyQueue.push(onReady as unknown as ReadyCallback)
      this.start()
    })
  }

  start(): void {
    this.started = true
    const startRoot = this.#startRoot
    if (startRoot !== null) process.nextTick(startRoot)
  }

  /** Adds an onClose hook (already adapted): hooks run last registered first. */
  onClose(callback: CloseCallback): void {
    this.closeQueue.unshift(callback, (err) => {
      if (err) this.error = err
    })
  }

  /** Loads everything if needed, then runs the close queue; `callback` runs last. */
  close(callback: CloseCallback): void {
    this.ready((() => {
      this.error = null
      this.closeQueue.push(callback)
      process.nextTick(() => this.closeQueue.resume())
    }) as unknown as ReadyCallback)
  }

  #add(input: unknown, options: unknown, isAfter: boolean): PluginRecord {
    // A module object (`{ default: fn }`, also nested by CommonJS interop) stands for its plugin.
    const fn = isPromiseLike(input) ? input : unwrapModule(input)
    if (typeof fn !== 'function' && !isPromiseLike(fn)) {
      throw new errorCodes.FST_ERR_PLUGIN_NOT_VALID(
        `plugin must be a function or a promise, instead got '${describe(fn)}'`,
      )
    }
    const opts = options || {}
    const current = this.#current[0]
    if (this.booted || current === undefined) throw new loaderErrors.AVV_ERR_ROOT_PLG_BOOTED()
    let timeout = this.timeout
    if (!current.loaded && current.timeout > 0) {
      // 3 ms less than what the parent has left, so the innermost plugin is the one named
      timeout = current.timeout - (Date.now() - current.startTime + 3)
    }
    const record = new PluginRecord(
      (r, done) => this.#loadNextTick(r, done),
      fn as PluginFn,
      opts,
      isAfter,
      timeout,
      loaderName(fn as Function, opts),
      current,
    )
    if (current.loaded) {
      throw new loaderErrors.AVV_ERR_PARENT_PLG_LOADED(record.name, current.name)
    }
    current.enqueue(record, (err) => {
      if (err) this.error = err
    })
    return record
  }

  // Loading waits a tick, so that `after` callbacks queued meanwhile keep their place.
  #loadNextTick(record: PluginRecord, done: Done): void {
    process.nextTick(() => this.#loadPlugin(record, done))
  }

  #loadPlugin(record: PluginRecord, callback: Done): void {
    if (isPromiseLike(record.fn)) {
      record.fn.then(
        (loaded) => {
          const fn = unwrapModule(loaded)
          if (typeof fn !== 'function') {
            process.nextTick(
              callback,
              new errorCodes.FST_ERR_PLUGIN_NOT_VALID(
                `plugin must be a function or a module with a default export, instead got '${describe(fn)}'`,
              ),
            )
            return
          }
          record.fn = fn as PluginFn
          record.name = loaderName(fn, record.options)
          record.node.name = record.name
          this.#loadPlugin(record, callback)
        },
        (err: Error) => process.nextTick(callback, err),
      )
      return
    }
    const parent = this.#current[0]
    this.#current.unshift(record)
    const finish = (err?: Error | null) => {
      if (err) tagPlugin(err, record.name)
      record.finish(err, (loadErr) => {
        this.#current.shift()
        callback(loadErr)
      })
    }
    if (this.error && !record.isAfter) {
      process.nextTick(finish)
      return
    }
    let server = parent?.server ?? this.server
    if (!record.isAfter && parent !== undefined) {
      try {
        server = this.hooks.override(server, record.fn as Function, record.options)
      } catch (err) {
        finish(err as Error)
        return
      }
    }
    if (!record.isAfter && record.parent !== undefined) {
      record.node.instance = server
      record.node.encapsulated = server !== parent?.server
      record.parent.node.children.push(record.node)
    }
    record.exec(server, finish, this.#execTimeoutError)
  }

  #rootLoaded(err: Error | null | undefined): void {
    let failure = err ?? null
    try {
      this.hooks.onPreReady()
      this.#root = null
    } catch (preReadyError) {
      failure = failure || this.error || (preReadyError as Error)
    }
    if (failure !== null) this.error = failure
    else this.booted = true
    this.readyQueue.resume()
  }

  // A ready or after callback: it receives the loader's error, and what it passes to `done`
  // becomes the error the next callback receives. Bounded by pluginTimeout.
  #runReadyCallback(fn: ReadyCallback, done: Done): void {
    const err = this.error
    this.error = null
    const arity = fn.length
    if (arity === 0 || arity === 1) {
      if (arity === 0) this.error = err
      const result = arity === 0 ? (fn as () => unknown)() : (fn as (e: unknown) => unknown)(err)
      if (isPromiseLike(result) && !isInstance(result)) {
        result.then(
          () => process.nextTick(done),
          (e: Error) => process.nextTick(done, e),
        )
      } else process.nextTick(done)
      return
    }
    const call = (next: Done) => {
      if (arity === 2) fn(err, next)
      else (fn as Function)(err, this.server, next)
    }
    if (this.timeout === 0) {
      call((e) => {
        this.error = e
        done(this.error)
      })
      return
    }
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
      timer = undefined
      const timeoutErr = new loaderErrors.AVV_ERR_READY_TIMEOUT(fn.unwrappedName ?? fn.name)
      this.error = timeoutErr
      done(timeoutErr)
    }, this.timeout)
    call((e) => {
      if (timer === undefined) return
      clearTimeout(timer)
      timer = undefined
      this.error = e
      done(this.error)
    })
  }

  #runCloseCallback(fn: CloseCallback, done: Done): void {
    const onCloseHook = fn.isOnCloseHook === true
    const arg = onCloseHook ? this.server : this.error
    if (fn.length <= 1) {
      const result = fn(arg)
      if (isPromiseLike(result)) {
        result.then(
          () => process.nextTick(done),
          (e: Error) => process.nextTick(done, e),
        )
      } else process.nextTick(done)
    } else if (fn.length === 2 || onCloseHook) {
      fn(arg, done)
    } else {
      fn(arg, this.server, done)
    }
  }
}

/** Tags an error with the plugin it came from, once (the innermost plugin wins). */
function tagPlugin(err: Error, name: string): void {
  if (typeof err === 'object' && err !== null && !Object.hasOwn(err, 'plugin')) {
    Object.defineProperty(err, 'plugin', { value: name, enumerable: false, configurable: true })
  }
}

// `import()` of an ES module, or a CommonJS module compiled from one: `{ default: fn }`.
function unwrapModule(value: unknown): unknown {
  let fn = value
  for (let i = 0; i < 2; i++) {
    if (fn !== null && typeof fn === 'object' && 'default' in fn)
      fn = (fn as { default: unknown }).default
  }
  return fn
}

// Marks the root instance (and so, through the prototype chain, every child): a ready callback
// that returns an instance is not waited on, although an instance is a thenable.
const kLoaderServer = Symbol('arbor.loader-server')
function isInstance(value: unknown): boolean {
  return typeof value === 'object' && value !== null && kLoaderServer in value
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
}

function noop(): void {}
