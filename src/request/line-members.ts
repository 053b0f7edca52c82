import type { FastifyLine } from '../config/fastify-lines.ts'
import { hostWithoutPort } from './request.ts'
import type { ReplyClass, RequestClass } from './route-context.ts'

/**
 * Gives an application's root Request and Reply classes the members whose behaviour depends on
 * its Fastify line (config/fastify-lines.ts). Run once per application, on classes of its own,
 * so the per-request path reads a plain getter and never the line.
 */
export function installLineMembers(
  Request: RequestClass,
  Reply: ReplyClass,
  line: FastifyLine,
): void {
  if (!line.removedTrailersKeepChunked) {
    Object.defineProperty(Reply.prototype, 'removeTrailer', {
      value: removeTrailerLeavingTrailerMode,
      configurable: true,
      writable: true,
    })
  }
  if (!line.hostnameWithPort) {
    Object.defineProperty(Request.prototype, 'hostname', {
      get(this: { host: string }) {
        return hostWithoutPort(this.host)
      },
      configurable: true,
    })
  }
  if (!line.replySentSettable) {
    // Fastify 5's `sent` has no setter: assigning it throws in strict code (use `hijack()`)
    const inherited = Object.getOwnPropertyDescriptor(
      Object.getPrototypeOf(Reply.prototype),
      'sent',
    )
    Object.defineProperty(Reply.prototype, 'sent', {
      get: inherited?.get,
      configurable: true,
    })
  }
}

/**
 * Fastify 5's `removeTrailer`: once no trailer is left, the reply has none, so it goes out as a
 * plain response (content-length, no chunked encoding, no Trailer header).
 */
function removeTrailerLeavingTrailerMode(this: InstanceType<ReplyClass>, name: string) {
  const trailers = this.trailers
  if (trailers === null) return this
  trailers[name.toLowerCase()] = undefined
  for (const key of Object.keys(trailers)) if (trailers[key] !== undefined) return this
  this.trailers = null
  return this
}
