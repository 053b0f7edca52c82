import type { RoutedReply as Reply } from '../request/route-context.ts'
import type { ReplyTrailerFunction } from '../types/instance.ts'

// HTTP trailers (`reply.trailer(name, fn)`), as Fastify 4 sends them: the response goes out
// chunked, a `Trailer` header names them, and each function computes its value once the body
// is out. A function that fails only loses its own trailer: the client already has the body.

let warnedDirectReturn = false

/** Whether a response of this status and method can carry trailers: it must have a body. */
export function canCarryTrailers(statusCode: number, method: string | undefined): boolean {
  return statusCode >= 200 && statusCode !== 204 && statusCode !== 304 && method !== 'HEAD'
}

/** The names of the trailers still set (removeTrailer leaves an undefined slot). */
function liveTrailers(trailers: NonNullable<Reply['trailers']>): string[] {
  const names: string[] = []
  for (const name of Object.keys(trailers)) {
    if (typeof trailers[name] === 'function') names.push(name)
  }
  return names
}

/**
 * Sets the headers a response with trailers needs: chunked transfer encoding (so no
 * content-length) and `Trailer` naming them, separated by spaces as Fastify 4 writes it.
 */
export function announceTrailers(reply: Reply): void {
  const headers = reply.outHeaders
  const names = liveTrailers(reply.trailers!)
  headers['transfer-encoding'] = 'chunked'
  delete headers['content-length']
  if (names.length > 0) headers.trailer = names.join(' ')
}

/** Runs every trailer function with the payload sent, adds their values, and ends the response. */
export function endWithTrailers(reply: Reply, payload: string | Buffer | null | undefined): void {
  const res = reply.raw
  const trailers = reply.trailers
  // The Fastify 5 line drops trailer mode when the last trailer is removed (line-members.ts),
  // which a stream's producer may do while the body is on its way: nothing is left to add.
  if (trailers === null) {
    res.end()
    return
  }
  const names = liveTrailers(trailers)
  if (names.length === 0) {
    res.end()
    return
  }
  const values: Record<string, string> = {}
  let pending = names.length
  const settle = () => {
    if (--pending > 0) return
    try {
      res.addTrailers(values)
    } catch (err) {
      reply.log.error({ err }, 'invalid trailer value; the trailers are dropped')
    }
    res.end()
  }
  for (const name of names) {
    let settled = false
    const done = (err: unknown, value?: unknown) => {
      if (settled) return
      settled = true
      if (err !== null && err !== undefined) reply.log.debug({ err }, `trailer '${name}' failed`)
      else if (value !== undefined && value !== null) values[name] = String(value)
      settle()
    }
    const fn = trailers[name] as ReplyTrailerFunction
    let result: unknown
    try {
      result = fn(reply as never, payload, done)
    } catch (err) {
      done(err ?? new Error(`trailer '${name}' threw`))
      continue
    }
    if (
      result !== null &&
      typeof result === 'object' &&
      typeof (result as Promise<unknown>).then === 'function'
    ) {
      ;(result as Promise<unknown>).then(
        (value) => done(null, value),
        (err: unknown) => done(err ?? new Error(`trailer '${name}' rejected`)),
      )
    } else if (result !== undefined && result !== null && fn.length < 3) {
      // A function that declares `done` answers through it, whatever it returns (an arrow
      // returning setTimeout's handle, say); one that does not may return the value.
      warnDirectReturn()
      done(null, result)
    }
  }
}

function warnDirectReturn(): void {
  if (warnedDirectReturn) return
  warnedDirectReturn = true
  process.emitWarning(
    'Returning the value of a trailer function directly is deprecated: call done(null, value) or use an async function.',
    { type: 'DeprecationWarning', code: 'FSTDEP013' },
  )
}
