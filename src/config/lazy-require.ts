import { createRequire } from 'node:module'

/**
 * Loads a CommonJS dependency when it is first needed, so that an application that never
 * uses it does not pay for importing it: Ajv and fast-json-stringify only with route schemas,
 * light-my-request with inject, proxy-addr with trustProxy, semver with plugin version ranges,
 * pino with a logger.
 */
export const requireLazily = createRequire(import.meta.url)
