import type { Readable } from 'node:stream'
import type { ReadableStream } from 'node:stream/web'
import type { ContextState } from '../context/state.ts'
import { isWebResponse, isWebStream } from '../lifecycle/web-payload.ts'
import type { ArborReply, ArborRequest, PayloadHook } from '../types/instance.ts'

/**
 * The last onSend hook of an automatic HEAD route (Fastify's, by name, as printRoutes shows it):
 * the GET handler's payload gives the content-length and is then dropped; a stream is drained,
 * a web stream cancelled, and a fetch Response gives its status and headers and drops its body.
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
  if (isWebStream(payload)) {
    cancelForHead(reply, payload)
    return done(null, null)
  }
  if (isWebResponse(payload)) {
    reply.code(payload.status)
    for (const [name, value] of payload.headers) reply.header(name, value)
    if (payload.body !== null) cancelForHead(reply, payload.body)
    return done(null, null)
  }
  reply.header('content-length', String(Buffer.byteLength(payload as string | Buffer)))
  done(null, null)
}

/** Cancels a web stream a HEAD response does not send; a cancel that fails is logged. */
function cancelForHead(reply: ArborReply, stream: ReadableStream): void {
  if (stream.locked) return
  stream
    .cancel('Stream cancelled by HEAD route')
    .catch((err: unknown) => reply.log.error({ err }, 'Error on Stream found for HEAD route'))
}

/** The onSend hooks of an automatic HEAD route: the GET route's own, then the HEAD one. */
export function headOnSend(onSend: PayloadHook | PayloadHook[] | undefined): PayloadHook[] {
  const own = onSend === undefined || onSend === null ? [] : ([] as PayloadHook[]).concat(onSend)
  return [...own, headRouteOnSendHandler as PayloadHook]
}

/** The HEAD route already at this url with these very constraints, if any. */
export function findHead(state: ContextState, url: string, constraints: Record<string, unknown>) {
  try {
    return state.root.router.findRoute('HEAD', url, constraints)
  } catch {
    return null // a malformed path: router.on() reports it, naming the route
  }
}
