import { resolveClasses } from '../context/decorators/classes.ts'
import { callWithTimeout } from '../context/loader/call-with-timeout.ts'
import { wrapLoaderError } from '../context/loader/loader-errors.ts'
import type { Done } from '../context/loader/run-queue.ts'
import { callOutsidePromise, errorFirstCallback } from '../context/loader/user-callbacks.ts'
import { type ContextState, type RootState, stateOf } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import { defaultNotFoundHandler } from '../lifecycle/not-found.ts'
import { RouteContext } from '../request/route-context.ts'
import { buildRoute } from '../routing/routes.ts'
import type { ArborInstance, RouteOptions } from '../types/instance.ts'

/**
 * `ready()` of the application: loads every plugin, builds every route, runs the onReady
 * hooks, once; every later call gets the same promise. It resolves with the root instance.
 */
export function ready(root: RootState): Promise<ArborInstance> {
  if (root.readyPromise !== null) return root.readyPromise
  const instance = root.rootState.instance
  let resolveReady!: (value: ArborInstance) => void
  let rejectReady!: (err: Error) => void
  root.readyPromise = new Promise((resolve, reject) => {
    resolveReady = resolve
    rejectReady = reject
  })
  const settle = (err?: Error | null) => {
    if (err) {
      rejectReady(wrapLoaderError(err))
      return
    }
    resolveReady(instance)
    root.booting = false
  }
  // In the ready queue: it runs once the root plugin has loaded, before the ready callbacks
  // that plugins queued meanwhile; the onReady hooks it queues run after those.
  process.nextTick(() => {
    root.loader.ready(
      errorFirstCallback((err: Error | null, done: Done) => {
        if (err || root.started || root.booting) settle(err)
        else {
          root.booting = true
          runApplicationHooks(root, 'onReady', settle)
        }
        done()
      }, instance),
    )
  })
  return root.readyPromise
}

/** `ready(callback)`: the callback gets `(null, instance)` or `(err)`, outside the promise. */
export function readyThen(root: RootState, callback: Function): void {
  ready(root).then(
    (instance) => callOutsidePromise(callback, null, instance),
    (err: Error) => callOutsidePromise(callback, err),
  )
}

/**
 * The loader's preReady: every plugin has loaded, so the request and reply classes, the
 * not-found routes and every route are built now. The routes are fixed from here on.
 */
export function buildRoutes(root: RootState): void {
  resolveClasses(root.rootState)
  buildNotFoundRoutes(root)
  for (const route of root.routes) buildRoute(route)
  for (const route of root.notFoundRoutes) buildRoute(route)
  // find-my-way's compiler mode: every route is in the tree now, so each method's tree is
  // compiled once here rather than on its first lookup (routerOptions.compile)
  if (root.options.compileRouter) root.router.compile()
  root.ready = true
}

function buildNotFoundRoutes(root: RootState): void {
  const rootState = root.rootState
  const entries = [...root.notFoundByPrefix.values()]
  if (!root.notFoundByPrefix.has('')) {
    entries.push({ state: rootState, handler: defaultNotFoundHandler as never, hooks: {} })
  }
  root.notFoundRoutes = entries
    .map(({ state, handler, hooks }) => {
      const options = { ...hooks, method: 'GET', url: `${state.prefix}/*`, handler } as RouteOptions
      return new RouteContext('*', options.url!, options, root, state, true)
    })
    .sort((a, b) => b.prefix.length - a.prefix.length)
}

type AppHookName = 'onReady' | 'preClose'

/**
 * Runs an application hook through the ready queue, as Fastify does: the hooks of a context
 * (in the order they were added), then those of each child context, depth first. Each hook is
 * bounded by pluginTimeout; an error skips the hooks after it and reaches `callback`.
 */
export function runApplicationHooks(root: RootState, name: AppHookName, callback: Done): void {
  runContextHooks(root, name, root.rootState, callback)
}

function runContextHooks(root: RootState, name: AppHookName, state: ContextState, exit: Done) {
  const hooks = root.appHooks[name].filter(([, instance]) => stateOf(instance) === state)
  let child = 0
  // the hook of this context that ran last: the one a timeout names in the Fastify 5 line
  let last: Function | undefined
  const finish = (err?: Error | null) => {
    if (err) {
      const hookFn = root.options.line.hookTimeoutNamesHook && last?.name ? ` "${last.name}"` : ''
      exit(hookError(err, name, hookFn))
      return
    }
    exit()
  }
  const started = (fn: Function) => {
    last = fn
  }
  for (const [fn, instance] of hooks)
    root.loader.ready(errorFirstCallback(hookStep(fn, instance, started), instance))
  const next = (err?: Error | null) => {
    if (err) {
      finish(err)
      return
    }
    if (child < state.children.length) {
      runContextHooks(root, name, state.children[child++]!, next)
      return
    }
    if (hooks.length === 0 && state.children.length === 0) {
      finish()
      return
    }
    // The last step of a context goes through the queue too, after its hooks.
    root.loader.ready(
      errorFirstCallback((err: Error | null, done: Done) => {
        finish(err)
        done(err)
      }, state.instance),
    )
  }
  next()
}

// One hook as a ready-queue step: skipped after an error; callback style when it takes `done`.
function hookStep(fn: Function, instance: ArborInstance, started: (fn: Function) => void) {
  return (err: Error | null, done: Done) => {
    if (err) {
      done(err)
      return
    }
    started(fn)
    if (fn.length === 1) {
      try {
        fn.call(instance, done)
      } catch (error) {
        done(error as Error)
      }
      return
    }
    let result: unknown
    try {
      result = fn.call(instance)
    } catch (error) {
      done(error as Error)
      return
    }
    if (result !== null && typeof (result as PromiseLike<unknown>)?.then === 'function') {
      ;(result as PromiseLike<unknown>).then(
        () => process.nextTick(done),
        (error: Error) => process.nextTick(done, error ?? new Error(`${name(fn)} rejected`)),
      )
      return
    }
    done()
  }
}

function name(fn: Function): string {
  return fn.name || 'hook'
}

// A hook that timed out is reported as FST_ERR_HOOK_TIMEOUT, the loader's error as its cause.
function hookError(err: Error, hookName: AppHookName, hookFn: string): Error {
  if ((err as { code?: unknown }).code !== 'AVV_ERR_READY_TIMEOUT') return err
  const timeout = new errorCodes.FST_ERR_HOOK_TIMEOUT(hookName, hookFn)
  timeout.cause = err
  return timeout
}

/** Calls an application hook in callback or promise style, bounded by pluginTimeout. */
export function callAppHook(
  fn: Function,
  instance: ArborInstance,
  args: unknown[],
  timeout: number,
  name: string,
): Promise<void> {
  return callWithTimeout(
    fn,
    instance,
    args,
    timeout,
    () => new errorCodes.FST_ERR_HOOK_TIMEOUT(name, ''),
  )
}
