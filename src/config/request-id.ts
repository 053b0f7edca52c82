import type { IncomingMessage } from 'node:http'

/** Makes a request's id: `genReqId` gets the raw request (a plain object in user calls). */
export type RequestIdGenerator = (req: IncomingMessage) => string

/**
 * The id generator of an application or a context: the id a request carries in `header`
 * (unless `header` is false or the value is empty), else what `generate` makes of the request,
 * else `req-1`, `req-2`, ... (a counter of this generator's own).
 */
export function requestIdGenerator(
  header: string | false,
  generate?: RequestIdGenerator,
): RequestIdGenerator {
  let counter = 0
  const fallback = generate ?? (() => `req-${(++counter).toString(36)}`)
  if (header === false) return fallback
  const name = header.toLowerCase()
  // Read from rawHeaders: `req.headers` is built lazily by Node, and most requests carry no id.
  // A request built by hand (or `instance.genReqId({ headers })`) may have no rawHeaders.
  return (req) => {
    const raw = req?.rawHeaders
    if (raw === undefined) {
      const given = req?.headers?.[name]
      return typeof given === 'string' && given.length > 0 ? given : fallback(req)
    }
    for (let i = 0; i < raw.length; i += 2) {
      const key = raw[i]!
      if (key.length === name.length && key.toLowerCase() === name) {
        const given = raw[i + 1]!
        if (given.length > 0) return given
      }
    }
    return fallback(req)
  }
}
