import type { IncomingMessage, ServerResponse } from 'node:http'
import { isSilent } from '../config/logger.ts'
import { errorCodes } from '../errors.ts'
import type { RouteContext } from '../request/route-context.ts'
import { watchResponse } from './completion.ts'

/**
 * A method node:http does not know (an HTTP/2 request can carry any token) matches no route,
 * not even the not-found ones, which Fastify registers for every known method. Fastify's
 * router fallback answers it, in 4.25 as in 5: no request hooks, no not-found handler, the
 * error `FST_ERR_NOT_FOUND` (404) through the error handler and onSend of the not-found route
 * of its prefix.
 */
export function answerUnknownMethod(
  route: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const app = route.app
  const id = app.genReqId(req)
  const log = isSilent(route.logger)
    ? route.logger
    : route.logger.child({ [app.options.requestIdLogLabel]: id })
  const request = new route.Request(id, {}, req, {}, log, route)
  const reply = new route.Reply(res, request, log, route)
  const logRequests = !app.options.disableRequestLogging && log.level !== 'silent'
  if (logRequests) log.info({ req: request }, 'incoming request')
  if (logRequests || route.onResponse !== null) watchResponse(request, reply, logRequests)
  reply.code(404).send(new errorCodes.FST_ERR_NOT_FOUND())
}
