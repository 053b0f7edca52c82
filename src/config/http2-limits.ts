// `http2Limits`: the defences arbor adds to an HTTP/2 server where node's defaults do not hold
// (issue 41), each overridable, all off with `http2Limits: false` (Fastify's behaviour).
import { errorCodes } from '../errors.ts'

/** What `arbor({ http2: true, http2Limits })` accepts; every field is optional. */
export interface Http2Limits {
  /**
   * The SETTINGS_MAX_CONCURRENT_STREAMS the server advertises (default 100; node's own is
   * 4294967295, no limit). `http.settings.maxConcurrentStreams` wins when given. 0: node's own.
   */
  maxConcurrentStreams?: number
  /**
   * PING frames a session may send per second, on average, with bursts of ten seconds' worth
   * (default 10). Past it the session gets GOAWAY ENHANCE_YOUR_CALM and is destroyed. 0: no limit.
   */
  maxPingsPerSecond?: number
  /**
   * Streams a session may see reset (RST_STREAM, the rapid reset attack) per second, on average,
   * with bursts of ten seconds' worth (default 30). Past it: GOAWAY ENHANCE_YOUR_CALM and destroy.
   * 0: no limit of arbor's; nghttp2's own (bursts of 1,000 at 33/s) remains, after which node 20
   * sends GOAWAY but neither reads nor closes the socket, and emits no event arbor could act on.
   */
  maxResetsPerSecond?: number
  /**
   * Milliseconds `close()` lets a session finish its streams before destroying it (default
   * 5,000; `forceCloseConnections: true` destroys at once). 0: no bound.
   */
  closeTimeout?: number
}

export type ResolvedHttp2Limits = Required<Http2Limits>

export const defaultHttp2Limits: Readonly<ResolvedHttp2Limits> = Object.freeze({
  maxConcurrentStreams: 100,
  maxPingsPerSecond: 10,
  maxResetsPerSecond: 30,
  closeTimeout: 5_000,
})

const off: Readonly<ResolvedHttp2Limits> = Object.freeze({
  maxConcurrentStreams: 0,
  maxPingsPerSecond: 0,
  maxResetsPerSecond: 0,
  closeTimeout: 0,
})

/** The limits with defaults filled in; `false` turns every one off. Throws on a bad value. */
export function resolveHttp2Limits(given: Http2Limits | false | undefined): ResolvedHttp2Limits {
  if (given === false) return off
  if (given === undefined) return defaultHttp2Limits
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      'option "http2Limits" must be false or an object of limits',
    )
  }
  const resolved = { ...defaultHttp2Limits }
  for (const [name, value] of Object.entries(given)) {
    if (!(name in defaultHttp2Limits)) {
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`unknown option "http2Limits.${name}"`)
    }
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
        `option "http2Limits.${name}" must be a number >= 0, got ${String(value)}`,
      )
    }
    resolved[name as keyof ResolvedHttp2Limits] = value
  }
  return resolved
}
