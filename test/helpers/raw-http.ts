import { connect } from 'node:net'

/** One HTTP/1.x response read off a raw socket. */
export interface RawResponse {
  status: number
  /** Header names lower-cased; repeated headers joined with ', '. */
  headers: Record<string, string>
  body: string
}

/** What a raw exchange got back from the server. */
export interface RawExchange {
  /** Every byte received, decoded as latin1 so no byte is lost. */
  text: string
  /** The complete responses, in the order they arrived. */
  responses: RawResponse[]
  statuses: number[]
  /** Bytes after the last complete response: a cut-off response, or bytes that are none. */
  rest: string
  /** The server ended or reset the connection before the exchange was settled. */
  closed: boolean
}

export interface RawOptions {
  /** Fail when the server neither answers nor closes within this many ms. Default 5000. */
  timeoutMs?: number
  /** Settle once this many complete responses have arrived (and nothing follows). Default 1. */
  responses?: number
  /** Half-close our side after writing, as a client that has nothing more to send does. */
  end?: boolean
}

// After the awaited responses, this long without bytes settles a connection the server keeps open.
const SETTLE_MS = 40

/**
 * Sends `request` (a latin1 string: one character, one byte) on a fresh connection to 127.0.0.1:`port` and resolves once
 * the server has closed the connection, or has sent `responses` complete responses and then
 * nothing more. Rejects, with what was received so far, when neither happens in `timeoutMs`:
 * a server that hangs on a request fails the test instead of hanging it.
 */
export function rawExchange(
  port: number,
  request: string | Buffer,
  options: RawOptions = {},
): Promise<RawExchange> {
  const { timeoutMs = 5000, responses: wanted = 1, end = false } = options
  const bytes = typeof request === 'string' ? Buffer.from(request, 'latin1') : request
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    let settled = false
    let settleTimer: NodeJS.Timeout | undefined
    const text = () => Buffer.concat(received).toString('latin1')
    const finish = (closed: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      clearTimeout(settleTimer)
      socket.destroy()
      const all = text()
      const { responses, rest } = readResponses(all)
      resolve({ text: all, responses, statuses: responses.map((r) => r.status), rest, closed })
    }
    const deadline = setTimeout(() => {
      if (settled) return
      settled = true
      socket.destroy()
      reject(new Error(`no answer and no close within ${timeoutMs} ms; received ${show(text())}`))
    }, timeoutMs)
    // A reset while we still write (the server refused early) is a close, not a test failure.
    socket.on('error', () => finish(true))
    socket.on('close', () => finish(true))
    socket.on('end', () => finish(true))
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      clearTimeout(settleTimer)
      const parsed = readResponses(text()).responses
      const last = parsed[parsed.length - 1]
      // A response that announces a close is settled by the close itself.
      if (parsed.length >= wanted && last?.headers.connection !== 'close') {
        settleTimer = setTimeout(() => finish(false), SETTLE_MS)
      }
    })
    socket.once('connect', () => {
      if (end) socket.end(bytes)
      else socket.write(bytes)
    })
  })
}

/** The complete HTTP/1.x responses at the start of `text`, and what follows them. */
export function readResponses(text: string): { responses: RawResponse[]; rest: string } {
  const out: RawResponse[] = []
  let at = 0
  while (at < text.length) {
    const headEnd = text.indexOf('\r\n\r\n', at)
    if (headEnd === -1) break
    const [statusLine = '', ...lines] = text.slice(at, headEnd).split('\r\n')
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)
    if (match === null) break
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      const name = line.slice(0, colon).trim().toLowerCase()
      const value = line.slice(colon + 1).trim()
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
    }
    const status = Number(match[1])
    let bodyStart = headEnd + 4
    let body: string
    if (headers['transfer-encoding'] === 'chunked') {
      const chunked = readChunked(text, bodyStart)
      if (chunked === null) break
      body = chunked.body
      bodyStart = chunked.end
    } else {
      const length =
        status === 204 || status === 304 || status < 200 ? 0 : Number(headers['content-length'])
      if (!Number.isFinite(length) || bodyStart + length > text.length) break
      body = text.slice(bodyStart, bodyStart + length)
      bodyStart += length
    }
    out.push({ status, headers, body })
    at = bodyStart
  }
  return { responses: out, rest: text.slice(at) }
}

function readChunked(text: string, at: number): { body: string; end: number } | null {
  let body = ''
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at)
    if (lineEnd === -1) return null
    const size = Number.parseInt(text.slice(at, lineEnd), 16)
    if (!Number.isFinite(size)) return null
    at = lineEnd + 2
    if (size === 0) {
      const end = text.indexOf('\r\n', at)
      return end === -1 ? null : { body, end: end + 2 }
    }
    if (at + size + 2 > text.length) return null
    body += text.slice(at, at + size)
    at += size + 2
  }
}

/** `text` with control bytes escaped and cut to a readable length, for failure messages. */
export function show(text: string, max = 600): string {
  const cut = text.length > max ? `${text.slice(0, max)}… (${text.length} bytes)` : text
  return JSON.stringify(cut)
}

// Stack frames and source locations that must never reach a client.
const LEAKS: RegExp[] = [
  /\bat [^\s]+ \(/, // "at fn (" frame
  /\n\s+at /, // any indented frame line
  /node:internal/,
  /\/src\//,
  /\.[cm]?[jt]s:\d+/,
  /file:\/\//,
  /node_modules/,
]

/** The first stack-trace or file-path fragment found in `text`, or undefined when clean. */
export function findLeak(text: string): string | undefined {
  for (const pattern of LEAKS) {
    const match = pattern.exec(text)
    if (match !== null) return match[0]
  }
  return undefined
}
