import { callWithTimeout } from '../context/call-with-timeout.ts'
import { resolveClasses } from '../context/classes.ts'
import { drain } from '../context/plugin-loader.ts'
import type { RootState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import { defaultNotFoundHandler } from '../lifecycle/not-found.ts'
import { RouteContext } from '../request/route-context.ts'
import { buildRoute } from '../routing/routes.ts'
import type { ArborInstance, RouteOptions } from '../types/instance.ts'

/** Loads every plugin, builds every route, runs onReady hooks; runs once. */
export function ready(root: RootState): Promise<void> {
  root.booting ??= boot(root)
  return root.booting
}

async function boot(root: RootState): Promise<void> {
  const frame = root.rootFrame
  await drain(root, root.loader, frame)
  if (frame.error !== null) {
    const err = frame.error as Error & { plugin?: string }
    root.logger.error(
      { err, plugin: err.plugin },
      `plugin ${err.plugin ? `'${err.plugin}' ` : ''}failed to load`,
    )
    throw err
  }
  resolveClasses(root.rootState)
  buildNotFoundRoutes(root)
  for (const route of root.routes) buildRoute(route)
  for (const route of root.notFoundRoutes) buildRoute(route)
  root.ready = true
  for (const [fn, instance] of root.appHooks.onReady) {
    await callAppHook(fn, instance, [], root.options.pluginTimeout, 'onReady')
  }
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
    () => new errorCodes.FST_ERR_HOOK_TIMEOUT(name),
  )
}
