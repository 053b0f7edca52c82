import type { RoutedReply as Reply } from '../request/route-context.ts'
import { forgetStartedResponse } from './last-response.ts'
import { logsRequestErrors } from './request-logging.ts'

/** Where a write that cannot go out (a payload of the wrong type, a stream error) is sent. */
export type WriteFailure = (reply: Reply, err: Error) => void

/**
 * Writes the status line and the reply's headers. node refuses an invalid header (a value with
 * `\n`, set by the application or one of its hooks): that error goes to `fail`, so it takes the
 * error path (onError hooks, error handlers) as in Fastify 5. The error path's own last write
 * passes `fail: null`: nothing is left to answer it, so the response goes out without the
 * application's headers. Returns whether the head was written.
 */
export function writeHead(reply: Reply, statusCode: number, fail: WriteFailure | null): boolean {
  const res = reply.raw
  forgetStartedResponse(reply.request.raw, res)
  try {
    res.writeHead(statusCode, reply.outHeaders as Record<string, string | string[]>)
    return true
  } catch (err) {
    if (fail !== null) {
      fail(reply, err as Error)
      return false
    }
    // Fastify 5's writeHeadError line: disableRequestLogging silences it in that line only
    if (logsRequestErrors(reply)) {
      reply.log.warn({ req: reply.request, res: reply, err }, (err as Error).message)
    }
    const length = reply.outHeaders['content-length']
    res.writeHead(statusCode, length === undefined ? {} : { 'content-length': String(length) })
    return true
  }
}
