import { errorCodes } from '../errors.ts'
import type { ErrorHandler, NotFoundHandler, RouteHooks } from '../types/instance.ts'
import { assertFunction } from './instance.ts'
import { type Instance, kState } from './state.ts'

/** The instance's error and not-found handler methods. */
export const handlerMethods = {
  /** The error handler for this context and its descendants. */
  setErrorHandler(this: Instance, handler: ErrorHandler) {
    assertFunction(handler, 'setErrorHandler')
    const state = this[kState]
    state.errorHandler = { func: handler, instance: this, parent: state.errorHandler }
    return this
  },
  /** The 404 handler for URLs under this context's prefix. */
  setNotFoundHandler(
    this: Instance,
    a: NotFoundHandler | (RouteHooks & Record<string, unknown>),
    b?: NotFoundHandler,
  ) {
    const handler = (typeof a === 'function' ? a : b) as NotFoundHandler
    const hooks = (typeof a === 'function' ? {} : a) as RouteHooks
    assertFunction(handler, 'setNotFoundHandler')
    const state = this[kState]
    const root = state.root
    if (root.ready)
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "setNotFoundHandler"!')
    if (root.notFoundByPrefix.has(state.prefix)) {
      throw new errorCodes.FST_ERR_NOT_FOUND_HANDLER_ALREADY_SET(state.prefix || '/')
    }
    root.notFoundByPrefix.set(state.prefix, { state, handler, hooks })
    return this
  },
  /** arbor's default error handler, for handlers that want to fall back to it. */
  get errorHandler(): ErrorHandler {
    return (error, _request, reply) => {
      reply.send(error)
    }
  },
}
