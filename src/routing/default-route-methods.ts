import type { IncomingMessage, ServerResponse } from 'node:http'
import { FSTDEP014 } from '../config/warnings.ts'
import { type Instance, kState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'

/** What the router calls for a request no route matches. */
export type DefaultRoute = (req: IncomingMessage, res: ServerResponse) => void

// find-my-way keeps its default route as a public field, missing from its typings.
type WithDefaultRoute = { defaultRoute: DefaultRoute | null }

/**
 * Fastify 4's router default route, deprecated there (FSTDEP014) and gone from Fastify 5; kept
 * in both lines, as removed APIs are (DESIGN.md "Two Fastify lines"). It answers raw requests
 * that match no route, in place of the not-found handlers.
 */
export const defaultRouteMethods = {
  getDefaultRoute(this: Instance): DefaultRoute | null {
    FSTDEP014()
    return (this[kState].root.router as unknown as WithDefaultRoute).defaultRoute
  },
  setDefaultRoute(this: Instance, defaultRoute: DefaultRoute): void {
    FSTDEP014()
    if (typeof defaultRoute !== 'function') {
      throw new errorCodes.FST_ERR_DEFAULT_ROUTE_INVALID_TYPE()
    }
    ;(this[kState].root.router as unknown as WithDefaultRoute).defaultRoute = defaultRoute
  },
}
