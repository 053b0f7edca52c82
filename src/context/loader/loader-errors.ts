import { format } from 'node:util'
import { ArborError, type ArborErrorClass, callableClass, errorCodes } from '../../errors.ts'

/**
 * The errors of the plugin loader itself. Fastify's loader (avvio 8) raises them with these
 * `AVV_ERR_*` codes and texts, and Fastify wraps some into `FST_ERR_*` errors whose `cause` is
 * the loader's error; applications and plugins see both, so arbor keeps both.
 */
function defineLoaderError(code: string, message: string): ArborErrorClass {
  class LoaderError extends ArborError {
    constructor(...args: unknown[]) {
      super(format(message, ...args))
      this.code = code
    }
  }
  Object.defineProperty(LoaderError, 'name', { value: code })
  Object.defineProperty(LoaderError, 'code', { value: code })
  Object.defineProperty(LoaderError, 'statusCode', { value: 500 })
  return callableClass(LoaderError)
}

export const loaderErrors = {
  AVV_ERR_READY_TIMEOUT: defineLoaderError(
    'AVV_ERR_READY_TIMEOUT',
    "Plugin did not start in time: '%s'. You may have forgotten to call 'done' function or to resolve a Promise",
  ),
  // avvio 9 (Fastify 5) gives a plugin that does not finish in time its own code, with the
  // same text; its ready callbacks still time out with AVV_ERR_READY_TIMEOUT.
  AVV_ERR_PLUGIN_EXEC_TIMEOUT: defineLoaderError(
    'AVV_ERR_PLUGIN_EXEC_TIMEOUT',
    "Plugin did not start in time: '%s'. You may have forgotten to call 'done' function or to resolve a Promise",
  ),
  // Fastify 4.25.2 ships avvio 8.2, which gives this error the code of AVV_ERR_PLUGIN_NOT_VALID.
  AVV_ERR_ROOT_PLG_BOOTED: defineLoaderError(
    'AVV_ERR_PLUGIN_NOT_VALID',
    'Root plugin has already booted',
  ),
  AVV_ERR_PARENT_PLG_LOADED: defineLoaderError(
    'AVV_ERR_PARENT_PLG_LOADED',
    "Impossible to load '%s' plugin because the parent '%s' was already loaded",
  ),
  AVV_ERR_CALLBACK_NOT_FN: defineLoaderError(
    'AVV_ERR_CALLBACK_NOT_FN',
    "Callback for '%s' hook is not a function. Received: '%s'",
  ),
} as const

/**
 * Fastify's wrapping of a loader error as it leaves `ready()`: the `FST_ERR_*` twin, with the
 * loader's error as `cause`. Other errors pass through unchanged.
 */
export function wrapLoaderError(err: Error): Error {
  const code = (err as { code?: unknown }).code
  const Twin =
    code === 'AVV_ERR_READY_TIMEOUT' || code === 'AVV_ERR_PLUGIN_EXEC_TIMEOUT'
      ? errorCodes.FST_ERR_PLUGIN_TIMEOUT
      : code === 'AVV_ERR_PLUGIN_NOT_VALID'
        ? errorCodes.FST_ERR_PLUGIN_NOT_VALID
        : code === 'AVV_ERR_CALLBACK_NOT_FN'
          ? errorCodes.FST_ERR_PLUGIN_CALLBACK_NOT_FN
          : undefined
  if (Twin === undefined) return err
  const wrapped = new Twin(err.message)
  wrapped.cause = err
  const plugin = (err as { plugin?: unknown }).plugin
  if (plugin !== undefined) {
    Object.defineProperty(wrapped, 'plugin', { value: plugin, configurable: true })
  }
  return wrapped
}
