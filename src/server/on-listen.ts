import { type ContextState, type RootState, stateOf } from '../context/state.ts'

type Done = (err?: unknown) => void

/**
 * Runs the onListen hooks once the server listens, as Fastify does: nobody waits for them
 * (not `listen()`, not its callback), a context's hooks run in the order they were added and
 * before its children's, a hook taking one argument gets `done`, and a failure is logged with
 * `log.error(err)` by the context that added the hook, then the next hook runs.
 */
export function runOnListenHooks(root: RootState): void {
  const hooks = root.appHooks.onListen
  if (hooks.length === 0) return
  const byContext = new Map<ContextState, Function[]>()
  for (const [fn, instance] of hooks) {
    const state = stateOf(instance)
    const list = byContext.get(state)
    if (list === undefined) byContext.set(state, [fn])
    else list.push(fn)
  }
  runContext(root.rootState, byContext)
}

function runContext(state: ContextState, byContext: Map<ContextState, Function[]>): void {
  const hooks = byContext.get(state) ?? []
  let i = 0
  const next: Done = (err) => {
    if (err !== undefined && err !== null) state.instance.log.error(err as Error)
    if (i === hooks.length) {
      for (const child of state.children) runContext(child, byContext)
      return
    }
    callHook(hooks[i++]!, state, once(next))
  }
  next()
}

function callHook(fn: Function, state: ContextState, done: Done): void {
  const instance = state.instance
  try {
    if (fn.length === 1) {
      fn.call(instance, done)
      return
    }
    const result = fn.call(instance)
    if (result !== null && typeof (result as PromiseLike<unknown>)?.then === 'function') {
      ;(result as PromiseLike<unknown>).then(() => done(), done)
      return
    }
    done()
  } catch (err) {
    done(err)
  }
}

// A hook that calls `done` twice must not run the rest of its chain twice.
function once(fn: Done): Done {
  let called = false
  return (err) => {
    if (called) return
    called = true
    fn(err)
  }
}
