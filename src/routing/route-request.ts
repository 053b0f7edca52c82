import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RootState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import { routeConstraintError } from '../lifecycle/not-found.ts'

/** What find-my-way keeps of its strategies; async ones change how a request is looked up. */
interface Constrainer {
  asyncStrategiesInUse: Set<string>
}

/**
 * Routes one request (Fastify's pre-routing): `rewriteUrl` first, then the router's lookup,
 * with a callback when an async constraint strategy is in use. Also `instance.routing`.
 */
export function routeRequest(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  const rewriteUrl = root.options.rewriteUrl
  if (rewriteUrl !== undefined) rewrite(root, rewriteUrl, req)
  const router = root.router
  if (
    (router as unknown as { constrainer: Constrainer }).constrainer.asyncStrategiesInUse.size > 0
  ) {
    router.lookup(req, res, (err) => {
      if (err !== null) routeConstraintError(root, req, res)
    })
    return
  }
  router.lookup(req, res)
}

function rewrite(
  root: RootState,
  rewriteUrl: NonNullable<RootState['options']['rewriteUrl']>,
  req: IncomingMessage,
): void {
  ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url
  const url = rewriteUrl.call(root.rootState.instance, req)
  if (typeof url === 'string') {
    req.url = url
    return
  }
  // As Fastify: the request is destroyed (its socket is reset) and routed as it came.
  req.destroy(new errorCodes.FST_ERR_ROUTE_REWRITE_NOT_STR(req.url, typeof url))
}
