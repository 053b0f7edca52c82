import type { RootState } from '../context/state.ts'
import type { RouteContext } from '../request/route-context.ts'
import { applicationHookNames, type requestHookNames } from '../types/hook-names.ts'
import type { PrintRoutesOptions } from '../types/server.ts'

// Fastify's hook order in printRoutes' metadata: request hooks as its lifecycle lists them,
// then the application hooks.
const lifecycleOrder = [
  'onTimeout',
  'onRequest',
  'preParsing',
  'preValidation',
  'preSerialization',
  'preHandler',
  'onSend',
  'onResponse',
  'onError',
  'onRequestAbort',
] as const satisfies ReadonlyArray<(typeof requestHookNames)[number]>
const hookNames: string[] = [...lifecycleOrder, ...applicationHookNames]

/**
 * The route tree as text (find-my-way's printer). `includeHooks` lists each route's hooks,
 * `includeMeta` the named store fields (`errorHandler`, `logLevel`) or, when `true`, all.
 */
export function printRoutes(root: RootState, options: PrintRoutesOptions = {}): string {
  let includeMeta: boolean | string[] | undefined = options.includeMeta
  if (options.includeHooks) {
    includeMeta = Array.isArray(includeMeta) ? hookNames.concat(includeMeta) : hookNames
  }
  return root.router.prettyPrint({ ...options, includeMeta } as Parameters<
    RootState['router']['prettyPrint']
  >[0])
}

/** What printRoutes may show of a route (find-my-way's `buildPrettyMeta`): hooks and handler. */
export function routeMeta(route: { store: RouteContext | null }): Record<string, unknown> {
  const store = route.store
  const meta: Record<string, unknown> = {}
  if (store === null || store === undefined) return meta
  meta.errorHandler = errorHandlerMeta(store)
  // Fastify prints '' for a route that sets no level of its own
  meta.logLevel = store.options.logLevel ?? ''
  for (const name of hookNames) {
    meta[name] = (store as unknown as Record<string, unknown>)[name]
  }
  return meta
}

// Printed as Fastify prints its error-handler record: the function's name.
function errorHandlerMeta(route: RouteContext): { toJSON(): string } {
  const func = route.errorHandler.func
  if (func === null) return { toJSON: () => 'defaultErrorHandler()' }
  const own = func === route.options.errorHandler
  return { toJSON: () => `${own ? '' : 'bound '}${func.name}()` }
}
