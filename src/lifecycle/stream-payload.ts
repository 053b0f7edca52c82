import { validateHeaderName, validateHeaderValue } from 'node:http'
import { finished, type Readable } from 'node:stream'
import type {
  ReadableStream,
  ReadableStreamDefaultReader,
  ReadableStreamReadResult,
} from 'node:stream/web'
import { headWritten } from '../request/head-written.ts'
import type { RoutedReply as Reply } from '../request/route-context.ts'
import { logsRequestErrors, requestLogDisabled } from './request-logging.ts'
import { endWithTrailers } from './trailers.ts'
import { type WriteFailure, writeHead } from './write-head.ts'

// Stream payloads, node's and WHATWG's. The head waits for the first chunk, so a stream that
// fails before any data (a missing file) is still answered as an error; after it, a failure
// cuts the response. When the response closes before the stream ended (the client went away),
// the stream is ended: destroyed, or its reader cancelled.

/**
 * Pipes a node stream payload. A stream error before the headers went out is answered as an
 * error; after, the response is cut. When the response closes before the stream ended, the
 * stream is destroyed, or closed or aborted if that is what it offers.
 */
export function sendStream(
  reply: Reply,
  stream: Readable,
  fail: WriteFailure,
  trailers: boolean,
): void {
  const res = reply.raw
  if (!headersValid(reply, fail)) return endSource(reply, stream)
  if (typeof stream.on !== 'function') {
    // Something with pipe() but no events (a hand-made stand-in): nothing to watch, so the
    // headers go now and it ends the response itself.
    if (!headWritten(res)) writeHead(reply, res.statusCode, fail)
    stream.pipe(res)
    return
  }
  let sourceOpen = true
  let errored = false
  let errorLogged = false
  finished(stream, { readable: true, writable: false }, (err) => {
    sourceOpen = false
    if (err === null || err === undefined) return
    errored = true
    if (!headWritten(res) && !reply.request.raw.aborted) return fail(reply, err)
    if (!errorLogged) {
      errorLogged = true
      logStreamError(reply, err)
    }
    res.destroy()
  })
  finished(res, (err) => {
    if (!sourceOpen) return
    if (err !== null && err !== undefined && headWritten(res) && !errorLogged) {
      errorLogged = true
      logStreamError(reply, err)
    }
    endSource(reply, stream)
  })
  const start = () => {
    if (errored || headWritten(res) || res.writableEnded) return
    // The headers were checked above; what node still refuses here cuts the response.
    writeHead(reply, res.statusCode, cutResponse)
  }
  stream.once('data', start)
  stream.once('end', start)
  // With trailers the response stays open after the stream ends, until they are computed.
  if (trailers) stream.once('end', () => endWithTrailers(reply, null))
  stream.pipe(res, { end: !trailers })
}

/**
 * Writes a WHATWG ReadableStream payload (unlocked: write.ts refuses a locked one) chunk by
 * chunk, reading the next chunk only once the response accepted the last one or drained.
 */
export function sendWebStream(
  reply: Reply,
  stream: ReadableStream,
  fail: WriteFailure,
  trailers: boolean,
): void {
  if (!headersValid(reply, fail)) {
    stream.cancel().catch(noop)
    return
  }
  new WebStreamWriter(reply, stream.getReader(), fail, trailers).start()
}

/** The state of one web stream on its way out; its bound methods are the reader's callbacks. */
class WebStreamWriter {
  reply: Reply
  reader: ReadableStreamDefaultReader
  fail: WriteFailure
  trailers: boolean
  sourceOpen: boolean
  errorLogged: boolean

  constructor(
    reply: Reply,
    reader: ReadableStreamDefaultReader,
    fail: WriteFailure,
    trailers: boolean,
  ) {
    this.reply = reply
    this.reader = reader
    this.fail = fail
    this.trailers = trailers
    this.sourceOpen = true
    this.errorLogged = false
    this.onRead = this.onRead.bind(this)
    this.onReadError = this.onReadError.bind(this)
    this.onDrain = this.onDrain.bind(this)
  }

  start(): void {
    const res = this.reply.raw
    finished(res, (err) => {
      if (!this.sourceOpen) return
      if (err !== null && err !== undefined && headWritten(res) && !this.errorLogged) {
        this.errorLogged = true
        logStreamError(this.reply, err)
      }
      this.cancel()
    })
    this.read()
  }

  read(): void {
    this.reader.read().then(this.onRead, this.onReadError)
  }

  cancel(): void {
    this.sourceOpen = false
    this.reader.cancel().catch(noop)
  }

  onRead(result: ReadableStreamReadResult<unknown>): void {
    if (!this.sourceOpen) return
    const reply = this.reply
    const res = reply.raw
    if (res.destroyed) return this.cancel()
    if (!headWritten(res) && !writeHead(reply, res.statusCode, this.fail)) return this.cancel()
    if (result.done) {
      this.sourceOpen = false
      if (this.trailers) endWithTrailers(reply, null)
      else res.end()
      return
    }
    let more: boolean
    try {
      more = res.write(result.value as Uint8Array | string)
    } catch (err) {
      // A chunk node cannot write (neither bytes nor a string) fails the stream.
      return this.onReadError(err)
    }
    if (more) this.read()
    else res.once('drain', this.onDrain)
  }

  onDrain(): void {
    if (this.sourceOpen && !this.reply.raw.destroyed) this.read()
  }

  onReadError(err: unknown): void {
    if (!this.sourceOpen) return
    this.cancel()
    const reply = this.reply
    const res = reply.raw
    if (!headWritten(res) && !reply.request.raw.aborted) return this.fail(reply, err as Error)
    if (!this.errorLogged) {
      this.errorLogged = true
      logStreamError(reply, err as Error)
    }
    res.destroy()
  }
}

/**
 * Checks the headers before a stream starts, as writing them would: the head only goes out
 * with the first chunk, when an invalid header could no longer be answered as an error.
 */
function headersValid(reply: Reply, fail: WriteFailure): boolean {
  const res = reply.raw
  if (headWritten(res)) {
    reply.log.warn("response will send, but you shouldn't use res.writeHead in stream mode")
    return true
  }
  const headers = reply.outHeaders
  try {
    for (const name of Object.keys(headers)) {
      validateHeaderName(name)
      const value = headers[name]
      if (value === undefined) continue
      if (Array.isArray(value)) for (const one of value) validateHeaderValue(name, one)
      else validateHeaderValue(name, String(value))
    }
  } catch (err) {
    fail(reply, err as Error)
    return false
  }
  return true
}

function cutResponse(reply: Reply, err: Error): void {
  reply.log.error({ err }, 'the response head could not be written; the response is cut')
  reply.raw.destroy()
}

export function logStreamError(reply: Reply, err: Error): void {
  if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
    if (!requestLogDisabled(reply.route.app.options.disableRequestLogging, reply.request)) {
      reply.log.info({ res: reply }, 'stream closed prematurely')
    }
  } else if (logsRequestErrors(reply)) {
    reply.log.warn({ err }, 'response terminated with an error with headers already sent')
  }
}

/** Ends a stream payload the response no longer reads. */
export function endSource(reply: Reply, stream: Readable): void {
  const source = stream as Readable & { close?: (cb: () => void) => void; abort?: () => void }
  if (typeof source.destroy === 'function') source.destroy()
  else if (typeof source.close === 'function') source.close(noop)
  else if (typeof source.abort === 'function') source.abort()
  else reply.log.warn('stream payload does not end properly')
}

export function noop(): void {}
