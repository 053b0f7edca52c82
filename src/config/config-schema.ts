// Fastify 4.25's configuration schema, as data: src/config/config-validator.generated.ts is
// compiled from it ahead of time (npm run build:config-validator), so that an application
// does not load Ajv to check its options.

/**
 * Fastify 4.25's configuration schema: the options it checks, coerces and defaults, and the
 * only ones `instance.initialConfig` shows (functions, loggers and certificates never do).
 * Ajv runs it as Fastify's build does (coercion, defaults, unknown keys dropped), so a wrong
 * type gets Fastify's own message: `Invalid initialization options: '["must be boolean"]'`.
 */
export const configSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    connectionTimeout: { type: 'integer', default: 0 },
    keepAliveTimeout: { type: 'integer', default: 72000 },
    forceCloseConnections: { oneOf: [{ type: 'string', pattern: 'idle' }, { type: 'boolean' }] },
    maxRequestsPerSocket: { type: 'integer', default: 0, nullable: true },
    requestTimeout: { type: 'integer', default: 0 },
    bodyLimit: { type: 'integer', default: 1048576 },
    caseSensitive: { type: 'boolean', default: true },
    allowUnsafeRegex: { type: 'boolean', default: false },
    http2: { type: 'boolean' },
    // An https object is shown as `true` (its key and cert stay hidden), or `{ allowHTTP1 }`.
    https: {
      if: {
        not: {
          oneOf: [
            { type: 'boolean' },
            { type: 'null' },
            {
              type: 'object',
              additionalProperties: false,
              required: ['allowHTTP1'],
              properties: { allowHTTP1: { type: 'boolean' } },
            },
          ],
        },
      },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise
      then: { setDefaultValue: true },
    },
    ignoreTrailingSlash: { type: 'boolean', default: false },
    ignoreDuplicateSlashes: { type: 'boolean', default: false },
    disableRequestLogging: { type: 'boolean', default: false },
    jsonShorthand: { type: 'boolean', default: true },
    maxParamLength: { type: 'integer', default: 100 },
    onProtoPoisoning: { type: 'string', default: 'error' },
    onConstructorPoisoning: { type: 'string', default: 'error' },
    pluginTimeout: { type: 'integer', default: 10000 },
    requestIdHeader: { anyOf: [{ enum: [false] }, { type: 'string' }], default: 'request-id' },
    requestIdLogLabel: { type: 'string', default: 'reqId' },
    http2SessionTimeout: { type: 'integer', default: 72000 },
    exposeHeadRoutes: { type: 'boolean', default: true },
    // Fastify 5's (in every line): no default here, the line's default is applied in code
    useSemicolonDelimiter: { type: 'boolean' },
    // Fastify 5's, filled from the top-level forms before the check (config/router-options.ts)
    routerOptions: {
      type: 'object',
      additionalProperties: true,
      properties: {
        ignoreTrailingSlash: { type: 'boolean' },
        ignoreDuplicateSlashes: { type: 'boolean' },
        maxParamLength: { type: 'integer' },
        allowUnsafeRegex: { type: 'boolean' },
        useSemicolonDelimiter: { type: 'boolean' },
      },
    },
    versioning: {
      type: 'object',
      additionalProperties: true,
      required: ['storage', 'deriveVersion'],
      properties: { storage: {}, deriveVersion: {} },
    },
    constraints: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['name', 'storage', 'validate', 'deriveConstraint'],
        additionalProperties: true,
        properties: { name: { type: 'string' }, storage: {}, validate: {}, deriveConstraint: {} },
      },
    },
  },
} as const
