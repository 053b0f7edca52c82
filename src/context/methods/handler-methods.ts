import { errorCodes } from '../../errors.ts'
import type { ErrorHandler, NotFoundHandler, RouteHooks } from '../../types/instance.ts'
import { assertFunction } from '../instance.ts'
import { type Instance, kState, stateOf } from '../state.ts'

// Fastify 5 warns each time a scope's error handler is replaced (line row
// `errorHandlerOverrideWarning`).
function FSTWRN004(): void {
  process.emitWarning(
    "It seems that you are overriding an errorHandler in the same scope, which can lead to subtle bugs. To disable this behavior, set 'allowErrorHandlerOverride' to false. For more information, visit: https://fastify.dev/docs/latest/Reference/Server/#allowerrorhandleroverride",
    { type: 'FastifyWarning', code: 'FSTWRN004' },
  )
}

/** The instance's error and not-found handler methods. */
export const handlerMethods = {
  /** The error handler for this context and its descendants. */
  setErrorHandler(this: Instance, handler: ErrorHandler) {
    if (typeof handler !== 'function') throw new errorCodes.FST_ERR_ERROR_HANDLER_NOT_FN()
    const state = this[kState]
    const previous = state.errorHandler
    // One scope is one context: a wrapped plugin shares its parent's, a child starts afresh.
    if (previous.instance !== null && stateOf(previous.instance) === state) {
      const options = state.root.options
      if (!options.allowErrorHandlerOverride) {
        throw new errorCodes.FST_ERR_ERROR_HANDLER_ALREADY_SET()
      }
      if (options.line.errorHandlerOverrideWarning) FSTWRN004()
    }
    state.errorHandler = { func: handler, instance: this, parent: previous }
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
