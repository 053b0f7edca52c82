import type { Readable } from 'node:stream'
import { errorCodes } from '../errors.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'

/** Where a write that cannot go out (a payload of the wrong type, a stream error) is sent. */
export type WriteFailure = (reply: Reply, err: Error) => void

/** Writes status, headers and payload to the socket. */
export function write(reply: Reply, payload: unknown, fail: WriteFailure): void {
  const res = reply.raw
  const headers = reply.outHeaders
  const statusCode = res.statusCode
  if (res.headersSent || res.writableEnded) return
  if (payload === undefined || payload === null) {
    if (
      statusCode >= 200 &&
      statusCode !== 204 &&
      statusCode !== 304 &&
      reply.request.raw.method !== 'HEAD'
    ) {
      headers['content-length'] = '0'
    }
    writeHead(reply, statusCode)
    res.end()
    return
  }
  if ((statusCode >= 100 && statusCode < 200) || statusCode === 204) {
    delete headers['content-type']
    delete headers['content-length']
    writeHead(reply, statusCode)
    res.end()
    const stream = payload as Readable
    if (typeof stream.resume === 'function') {
      stream.on('error', noop)
      stream.resume()
    }
    return
  }
  if (typeof (payload as Readable).pipe === 'function')
    return sendStream(reply, payload as Readable, fail)
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    return fail(reply, new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))
  }
  const declared = headers['content-length']
  const length = Buffer.byteLength(payload)
  if (
    declared === undefined ||
    (reply.request.raw.method !== 'HEAD' && Number(declared) !== length)
  ) {
    headers['content-length'] = String(length)
  }
  writeHead(reply, statusCode)
  // A HEAD body goes out as Fastify sends it: node drops it on real sockets, inject shows it.
  // Automatic HEAD routes have already dropped theirs (routing/head-route.ts).
  res.end(payload)
}

function writeHead(reply: Reply, statusCode: number): void {
  try {
    reply.raw.writeHead(statusCode, reply.outHeaders as Record<string, string | string[]>)
  } catch (err) {
    // An invalid header value written by the application: answer 500 rather than crash.
    reply.log.error({ err }, 'invalid response header')
    reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
  }
}

function sendStream(reply: Reply, stream: Readable, fail: WriteFailure): void {
  const res = reply.raw
  let errored = false
  stream.once('error', (err: Error) => {
    errored = true
    if (!res.headersSent) return fail(reply, err)
    reply.log.warn({ err }, 'response stream failed after the headers were sent')
    res.destroy()
  })
  res.once('close', () => {
    if (!stream.destroyed && typeof stream.destroy === 'function') stream.destroy()
  })
  writeHeadOnFirstData(reply, stream, () => errored)
}

function writeHeadOnFirstData(reply: Reply, stream: Readable, failed: () => boolean): void {
  const res = reply.raw
  // Headers wait for the stream's first chunk, so an immediate stream error can still be
  // answered with a proper error response.
  const start = () => {
    if (failed() || res.headersSent || res.writableEnded) return
    writeHead(reply, res.statusCode)
  }
  stream.once('data', start)
  stream.once('end', start)
  stream.pipe(res)
}

function noop(): void {}
