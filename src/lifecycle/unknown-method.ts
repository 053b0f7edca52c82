import type { IncomingMessage, ServerResponse } from 'node:http'
import { errorCodes } from '../errors.ts'
import type { RouteContext } from '../request/route-context.ts'
import { bareRequest } from './bare-request.ts'
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
  const { request, reply, logged } = bareRequest(route, req, res)
  if (logged || route.onResponse !== null) watchResponse(request, reply, logged)
  reply.code(404).send(new errorCodes.FST_ERR_NOT_FOUND())
}
