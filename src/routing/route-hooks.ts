import { checkHook } from '../context/hooks/hooks.ts'
import type { ContextState } from '../context/state.ts'
import { requestHookNames } from '../types/hook-names.ts'
import type { RouteOptions } from '../types/instance.ts'

// What a route's options go through as the route is added: the context's onRoute hooks, then
// the checks of the route's own hooks, in Fastify's order.

/**
 * A route's own hooks get addHook's checks (a function, not async while declaring done), after
 * its onRoute hooks ran, as in Fastify: an onRoute hook may still replace a hook given as
 * `null`. `undefined` is no hook; `null` left as it is, or any other value, is refused.
 */
export function checkRouteHooks(options: RouteOptions): void {
  for (const name of requestHookNames) {
    const hooks = options[name]
    if (hooks === undefined) continue
    for (const fn of ([] as unknown[]).concat(hooks)) checkHook(name, fn, 'route')
  }
}

/** Runs the context's onRoute hooks on a route's options, which they may change. */
export function runOnRoute(state: ContextState, options: RouteOptions): void {
  for (const onRoute of state.hooks.onRoute) {
    ;(onRoute as (this: unknown, o: RouteOptions) => void).call(state.instance, options)
  }
}
