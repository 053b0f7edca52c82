// The contents of Fastify's internal modules that packages import, mapped onto arbor's own
// functions and values: `lib/errors.js`, `lib/pluginUtils.js` (Fastify 5: `lib/plugin-utils.js`),
// `lib/warnings.js`, `lib/logger.js` (Fastify 5: `lib/logger-factory.js`, `lib/logger-pino.js`),
// `lib/pluginOverride.js` (Fastify 5: `lib/plugin-override.js`).
// A mapping, never a second implementation: what a package gets here is what arbor runs.
import { fastifyLines } from '../config/fastify-lines.ts'
import { createLogger, defaultChildLoggerFactory, defaultSerializers } from '../config/logger.ts'
import * as arborWarnings from '../config/warnings.ts'
import { declaredName, functionPreview, kDisplayName } from '../context/loader/plugin-meta.ts'
import { override } from '../context/tree.ts'
import { errorCodes } from '../errors.ts'

/** `fastify/lib/errors.js`: every FST_ERR_* class by its code, and Fastify's helper. */
export const errors = {
  ...errorCodes,
  /** Puts `oldError`'s stack under `newError`'s message (avvio's errors, in Fastify). */
  appendStackTrace(oldError: Error, newError: Error): Error {
    newError.cause = oldError
    return newError
  },
}

/** `fastify/lib/pluginUtils.js`: how a plugin is named. */
export const pluginUtils = {
  kRegisteredPlugins: Symbol.for('registered-plugin'),
  getDisplayName: (fn: Function): string | undefined =>
    (fn as { [kDisplayName]?: string })[kDisplayName],
  getPluginName: (fn: Function): string | undefined => declaredName(fn),
  getFuncPreview: (fn: Function): string => functionPreview(fn),
}

/** `fastify/lib/warnings.js`: the deprecation warnings arbor emits, by code. */
export const warnings = { ...arborWarnings }

/** `fastify/lib/logger.js` and its Fastify 5 parts: the logger arbor builds, and its pieces. */
export const logger = {
  createLogger,
  defaultChildLoggerFactory,
  createChildLogger: defaultChildLoggerFactory,
  /** loaded on first read: pino is not imported by an application that logs nothing */
  get serializers() {
    return defaultSerializers(fastifyLines[5])
  },
  /** Fastify's timer for response times, in milliseconds. */
  now: (): number => performance.now(),
}

/**
 * `fastify/lib/pluginOverride.js` (Fastify 5: `lib/plugin-override.js`): the instance a plugin
 * runs with, `override(parent, fn, options)`: a new child context, or the parent itself for a
 * plugin wrapped with `fastify-plugin`. Tests use it to make a context by hand.
 */
export const pluginOverride = override
