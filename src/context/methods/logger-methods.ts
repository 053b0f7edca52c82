import { errorCodes } from '../../errors.ts'
import type { ChildLoggerFactory } from '../../types/instance.ts'
import { assertFunction } from '../instance.ts'
import { type Instance, kState } from '../state.ts'

/** The instance's logging methods (Fastify's `setChildLoggerFactory`, encapsulated). */
export const loggerMethods = {
  /**
   * How the routes of this context and below build each request's logger.
   * @example
   * app.setChildLoggerFactory(function (logger, bindings, opts, rawReq) {
   *   bindings.trace = rawReq.headers['x-trace-id']
   *   return logger.child(bindings, opts)
   * })
   */
  setChildLoggerFactory(this: Instance, factory: ChildLoggerFactory) {
    const state = this[kState]
    if (state.root.ready) {
      throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING(
        'Cannot call "setChildLoggerFactory"!',
      )
    }
    assertFunction(factory, 'setChildLoggerFactory')
    state.childLoggerFactory = factory
    return this
  },
  /** The child logger factory in effect in this context. */
  get childLoggerFactory(): ChildLoggerFactory {
    return (this as unknown as Instance)[kState].childLoggerFactory
  },
}
