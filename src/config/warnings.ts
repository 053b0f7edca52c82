// Fastify 4's deprecation warnings that arbor keeps, with their codes, so an application that
// filters `process.on('warning')` by code sees the same ones. Each is emitted once per process.

/** A warning that goes out once, the first time the deprecated thing is used. */
export type Deprecation = () => void

function deprecation(code: string, message: string): Deprecation {
  let emitted = false
  return () => {
    if (emitted) return
    emitted = true
    process.emitWarning(message, 'DeprecationWarning', code)
  }
}

export const FSTDEP005 = deprecation(
  'FSTDEP005',
  'You are accessing the deprecated "request.connection" property. Use "request.socket" instead.',
)
export const FSTDEP007 = deprecation(
  'FSTDEP007',
  'You are trying to set a HEAD route using "exposeHeadRoute" route flag when a sibling route is already set. See documentation for more info.',
)
export const FSTDEP008 = deprecation(
  'FSTDEP008',
  'You are using route constraints via the route { version: "..." } option, use { constraints: { version: "..." } } option instead.',
)
export const FSTDEP009 = deprecation(
  'FSTDEP009',
  'You are using a custom route versioning strategy via the server { versioning: "..." } option, use { constraints: { version: "..." } } option instead.',
)
export const FSTDEP010 = deprecation(
  'FSTDEP010',
  'Modifying the "reply.sent" property is deprecated. Use the "reply.hijack()" method instead.',
)
export const FSTDEP012 = deprecation(
  'FSTDEP012',
  'request.context property access is deprecated. Please use "request.routeOptions.config" or "request.routeOptions.schema" instead for accessing Route settings. The "request.context" will be removed in `fastify@5`.',
)
export const FSTDEP014 = deprecation(
  'FSTDEP014',
  'You are trying to set/access the default route. This property is deprecated. Please, use setNotFoundHandler if you want to custom a 404 handler or the wildcard (*) to match all routes.',
)
export const FSTDEP015 = deprecation(
  'FSTDEP015',
  'You are accessing the deprecated "request.routeSchema" property. Use "request.routeOptions.schema" instead. Property "req.routeSchema" will be removed in `fastify@5`.',
)
export const FSTDEP016 = deprecation(
  'FSTDEP016',
  'You are accessing the deprecated "request.routeConfig" property. Use "request.routeOptions.config" instead. Property "req.routeConfig" will be removed in `fastify@5`.',
)
export const FSTDEP017 = deprecation(
  'FSTDEP017',
  'You are accessing the deprecated "request.routerPath" property. Use "request.routeOptions.url" instead. Property "req.routerPath" will be removed in `fastify@5`.',
)
export const FSTDEP018 = deprecation(
  'FSTDEP018',
  'You are accessing the deprecated "request.routerMethod" property. Use "request.routeOptions.method" instead. Property "req.routerMethod" will be removed in `fastify@5`.',
)
export const FSTDEP019 = deprecation(
  'FSTDEP019',
  'reply.context property access is deprecated. Please use "request.routeOptions.config" or "request.routeOptions.schema" instead for accessing Route settings. The "reply.context" will be removed in `fastify@5`.',
)

/**
 * Fastify 5's FSTDEP022: find-my-way options given at the top level instead of in
 * `routerOptions`. Emitted for every application that does so (Fastify's is unlimited).
 */
export function FSTDEP022(keys: string): void {
  process.emitWarning(
    `The router options for ${keys} property access is deprecated. Please use "options.routerOptions" instead for accessing router options. The router options will be removed in \`fastify@6\`.`,
    'FastifyWarning',
    'FSTDEP022',
  )
}

/**
 * Fastify 5's FSTDEP025, as Fastify emits it: on every call (not once), under Fastify's own
 * warning name, so a listener that checks `warning.name === 'FastifyDeprecation'` sees it.
 */
export function FSTDEP025(method: string): void {
  process.emitWarning(
    `Calling addHttpMethod for existing method "${method}" without { overrideExisting: true } is deprecated. In Fastify v6, this will throw an error.`,
    'FastifyDeprecation',
    'FSTDEP025',
  )
}

/**
 * arbor's own: a plugin that declares a `fastify` range only Fastify 5 satisfies, loaded in an
 * app of the Fastify 4.25 line (line row `warnFastify5OnlyPlugins`). It loads, as every plugin
 * of either major does; the warning says how to give the app Fastify 5's behaviour, which such
 * a plugin may expect. The caller emits it once per plugin name and application.
 */
export function ARBOR_PLUGIN_FASTIFY5_ONLY(name: string, range: string): void {
  process.emitWarning(
    `Plugin '${name}' declares fastify '${range}', which only Fastify 5 satisfies, and this app follows the Fastify 4.25 line. ` +
      'It loads, but it may expect Fastify 5 behaviour: to run the app in the Fastify 5 line, ' +
      "import 'arbor/fastify5', or pass { fastifyLine: 5 } to the factory, or install the stand-in package " +
      '("fastify": "npm:arbor-fastify5@5.12.1" in package.json); docs/fastify-lines.md lists what differs.',
    { type: 'ArborWarning', code: 'ARBOR_PLUGIN_FASTIFY5_ONLY' },
  )
}
