import type { DisableRequestLogging } from '../config/options.ts'
import type { RoutedReply as Reply, RoutedRequest as Request } from '../request/route-context.ts'

/**
 * Whether `disableRequestLogging` silences a request's lines: `true`, or a function that returns
 * a truthy value for this request (Fastify 5). Called at each line, as Fastify calls it.
 */
export function requestLogDisabled(disable: DisableRequestLogging, request: Request): boolean {
  return disable === true || (disable !== false && Boolean(disable(request as never)))
}

/**
 * Whether the lines of the default 404 handler, the default error handler and a failed stream
 * are written for this reply: in the Fastify 5 line `disableRequestLogging` silences them too,
 * in the Fastify 4 line they are always written (`disableErrorLogging` is resolved per app).
 */
export function logsRequestErrors(reply: Reply): boolean {
  const disable = reply.route.app.options.disableErrorLogging
  return disable === false || !requestLogDisabled(disable, reply.request)
}
