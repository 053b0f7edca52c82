import type { ReadableStream } from 'node:stream/web'

// Fastify 5's web payloads: a WHATWG ReadableStream, or a fetch Response (status, headers and
// body). Both carry Symbol.toStringTag, which a plain object, an array or a JSON value does not:
// the send path reads that one property to let every JSON reply pass with a single miss.

/** A fetch `Response`, from node's global fetch or from the undici package. */
export interface WebResponse {
  readonly status: number
  readonly headers: Iterable<[string, string]>
  readonly body: ReadableStream | null
  readonly bodyUsed: boolean
}

/** Whether an object payload of send() is a web stream or a Response (send.ts's only check). */
export function isWebPayload(payload: object): boolean {
  const tag = (payload as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag]
  if (tag === undefined) return false
  return tag === 'Response' || typeof (payload as ReadableStream).getReader === 'function'
}

/** A WHATWG ReadableStream, or anything that reads like one (`getReader()`), as Fastify tells it. */
export function isWebStream(payload: unknown): payload is ReadableStream {
  return typeof (payload as ReadableStream).getReader === 'function'
}

/** A fetch Response, by its tag: undici's and node's global class are not the same class. */
export function isWebResponse(payload: unknown): payload is WebResponse {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    Object.prototype.toString.call(payload) === '[object Response]'
  )
}
