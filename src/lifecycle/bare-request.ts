import type { IncomingMessage, ServerResponse } from 'node:http'
import { isSilent } from '../config/logger.ts'
import type {
  RoutedReply as Reply,
  RoutedRequest as Request,
  RouteContext,
} from '../request/route-context.ts'
import { requestLogDisabled } from './request-logging.ts'

/**
 * A request and reply for an answer that runs no request hooks (an unknown method, an error
 * handed to `frameworkErrors`): the id, the child logger, both objects, and the `incoming
 * request` line unless `disableRequestLogging` (a boolean or a function) says otherwise.
 * Returns whether that line was written.
 */
export function bareRequest(
  route: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
): { request: Request; reply: Reply; logged: boolean } {
  const app = route.app
  const id = app.genReqId(req)
  const log = isSilent(route.logger)
    ? route.logger
    : route.logger.child({ [app.options.requestIdLogLabel]: id })
  const request = new route.Request(id, {}, req, {}, log, route) as Request
  const reply = new route.Reply(res, request, log, route) as Reply
  const logged =
    log.level !== 'silent' && !requestLogDisabled(app.options.disableRequestLogging, request)
  if (logged) log.info({ req: request }, 'incoming request')
  return { request, reply, logged }
}
