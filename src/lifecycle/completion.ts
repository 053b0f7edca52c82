import { headWritten } from '../request/head-written.ts'
import type { RoutedReply as Reply, RoutedRequest as Request } from '../request/route-context.ts'
import { runObserverHooks } from './hook-runner.ts'
import { requestLogDisabled } from './request-logging.ts'

/**
 * Watches the response for its end: `finish` (the response is complete) runs the onResponse
 * hooks, then logs `request completed`, as Fastify does, so these come before anything logged
 * later by the same request (a second send, a value returned after sending). A response that
 * closes without finishing was cut short: onRequestAbort.
 */
export function watchResponse(request: Request, reply: Reply, logRequests: boolean): void {
  const res = reply.raw
  let finished = false
  // `once` is not enough: light-my-request's response (inject) emits `finish` twice.
  res.once('finish', () => {
    if (finished) return
    finished = true
    onResponseFinished(request, reply, logRequests)
  })
  res.once('close', () => {
    if (finished) return
    finished = true
    onResponseAborted(request, reply, logRequests)
  })
}

function onResponseFinished(request: Request, reply: Reply, logRequests: boolean): void {
  const route = reply.route
  const done = () => {
    if (logRequests && !requestLogDisabled(route.app.options.disableRequestLogging, request)) {
      reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
    }
  }
  if (route.onResponse !== null)
    runObserverHooks(route.onResponse, request, reply, undefined, false, done)
  else done()
}

/**
 * The response closed before it finished. A hijacked reply is the application's own, and a
 * response arbor ended was answered (the connection dropped while flushing it): arbor says
 * nothing about either. Otherwise onRequestAbort runs, and the abort is logged when the client
 * left before any answer went out (once a stream payload has started, write.ts logs
 * `stream closed prematurely` instead).
 */
function onResponseAborted(request: Request, reply: Reply, logRequests: boolean): void {
  if (reply.hijacked || reply.raw.writableEnded) return
  const route = reply.route
  if (route.onRequestAbort !== null) {
    runObserverHooks(route.onRequestAbort, request, null, undefined, false)
  }
  if (
    logRequests &&
    !headWritten(reply.raw) &&
    !requestLogDisabled(route.app.options.disableRequestLogging, request)
  ) {
    reply.log.info({ res: reply }, 'request aborted by the client')
  }
}
