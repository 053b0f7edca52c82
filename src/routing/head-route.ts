import type { Readable } from 'node:stream'
import type { ArborReply, ArborRequest, PayloadHook } from '../types/instance.ts'

/**
 * The last onSend hook of an automatic HEAD route (Fastify's, by name, as printRoutes shows it):
 * the GET handler's payload gives the content-length and is then dropped; a stream is drained.
 * A HEAD route the application writes itself sends what it sends.
 */
function headRouteOnSendHandler(
  _request: ArborRequest,
  reply: ArborReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
): void {
  if (payload === undefined || payload === null) {
    reply.header('content-length', '0')
    return done(null, null)
  }
  const stream = payload as Readable
  if (typeof stream.resume === 'function') {
    stream.on('error', (err) => reply.log.error({ err }, 'Error on Stream found for HEAD route'))
    stream.resume()
    return done(null, null)
  }
  reply.header('content-length', String(Buffer.byteLength(payload as string | Buffer)))
  done(null, null)
}

/** The onSend hooks of an automatic HEAD route: the GET route's own, then the HEAD one. */
export function headOnSend(onSend: PayloadHook | PayloadHook[] | undefined): PayloadHook[] {
  const own = onSend === undefined || onSend === null ? [] : ([] as PayloadHook[]).concat(onSend)
  return [...own, headRouteOnSendHandler as PayloadHook]
}
