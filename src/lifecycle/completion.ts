import type { RoutedReply as Reply, RoutedRequest as Request } from '../request/route-context.ts'
import { runObserverHooks } from './hook-runner.ts'

/** Runs once the response closed: onRequestAbort or onResponse hooks, then the completion log. */
export function onResponseFinished(request: Request, reply: Reply, logRequests: boolean): void {
  const route = reply.route
  const res = reply.raw
  // writableEnded, not writableFinished: light-my-request's response (inject) ends without
  // ever flushing to a socket, so writableFinished stays false there.
  if (!res.writableEnded) {
    if (route.onRequestAbort !== null) {
      runObserverHooks(route.onRequestAbort, request, null, undefined, false)
    }
    if (logRequests) reply.log.info({ res: reply }, 'request aborted by the client')
    return
  }
  const done = () => {
    if (logRequests) {
      reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
    }
  }
  if (route.onResponse !== null)
    runObserverHooks(route.onResponse, request, reply, undefined, false, done)
  else done()
}
