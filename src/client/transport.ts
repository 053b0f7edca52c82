// The two ways a call reaches the app: fetch over HTTP (a base URL), or the app's own `inject`
// with no socket (a test). Both end in the same response object, its body parsed by content type.
import { encodeBody, fillPath, headerRecord, querystring } from './encode.ts'

/** A request as the client built it, before it goes out. */
export interface OutgoingCall {
  method: string
  path: string
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
  headers?: Record<string, unknown>
  signal?: AbortSignal
}

/** What a call resolves to, before the types of its route are put on it. */
export interface RawResponse {
  status: number
  ok: boolean
  headers: Headers
  body: unknown
}

/** The fetch function the client calls (the global one unless given). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>

/** What the client needs of an app to call it in-process: light-my-request's inject. */
export interface InjectTarget {
  inject(options: {
    method: string
    url: string
    headers: Record<string, string>
    payload?: string | Uint8Array
  }): Promise<{
    statusCode: number
    headers: Record<string, string | string[] | number | undefined>
    payload: string
    rawPayload: Uint8Array
  }>
}

export interface Prepared {
  url: string
  headers: Record<string, string>
  payload: RequestInit['body'] | undefined
}

export function prepare(
  call: OutgoingCall,
  defaults: Record<string, unknown> | undefined,
): Prepared {
  const url = fillPath(call.path, call.params) + querystring(call.query)
  const { payload, type } = encodeBody(call.body)
  const headers = headerRecord(
    type === undefined ? undefined : { 'content-type': type },
    defaults,
    call.headers,
  )
  return { url, headers, payload }
}

// JSON by its media type (`application/json`, `application/problem+json`), text for text/*
// and for a body without a type, bytes otherwise; an empty body is `undefined`.
function parse(
  type: string | null,
  text: () => Promise<string>,
  bytes: () => Promise<ArrayBuffer>,
) {
  const media = (type ?? '').split(';')[0]!.trim().toLowerCase()
  if (media === 'application/json' || media.endsWith('+json')) {
    return text().then((t) => (t === '' ? undefined : JSON.parse(t)))
  }
  if (media === '' || media.startsWith('text/'))
    return text().then((t) => (t === '' && media === '' ? undefined : t))
  return bytes()
}

export async function viaFetch(
  fetchFn: FetchFunction,
  base: string,
  call: OutgoingCall,
  defaults: Record<string, unknown> | undefined,
): Promise<RawResponse> {
  const { url, headers, payload } = prepare(call, defaults)
  const init: RequestInit = { method: call.method, headers }
  if (payload !== undefined) init.body = payload
  if (call.signal !== undefined) init.signal = call.signal
  // a streamed request body needs half-duplex in fetch (Node, Chrome)
  if (typeof ReadableStream !== 'undefined' && payload instanceof ReadableStream) {
    ;(init as RequestInit & { duplex: 'half' }).duplex = 'half'
  }
  const res = await fetchFn(base + url, init)
  const body =
    call.method === 'HEAD'
      ? undefined
      : await parse(
          res.headers.get('content-type'),
          () => res.text(),
          () => res.arrayBuffer(),
        )
  return { status: res.status, ok: res.ok, headers: res.headers, body }
}

export async function viaInject(
  app: InjectTarget,
  call: OutgoingCall,
  defaults: Record<string, unknown> | undefined,
): Promise<RawResponse> {
  const { url, headers, payload } = prepare(call, defaults)
  let sent: string | Uint8Array | undefined
  if (payload === undefined || payload === null) sent = undefined
  else if (typeof payload === 'string' || payload instanceof Uint8Array) sent = payload
  else if (payload instanceof URLSearchParams) {
    sent = payload.toString()
    headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8'
  } else if (payload instanceof ArrayBuffer) sent = new Uint8Array(payload)
  else {
    // a Blob, FormData or stream: let the platform encode it, as fetch would
    const request = new Request('http://localhost/', {
      method: 'POST',
      body: payload,
      duplex: 'half',
    } as RequestInit)
    sent = new Uint8Array(await request.arrayBuffer())
    headers['content-type'] ??= request.headers.get('content-type') ?? 'application/octet-stream'
  }
  const res = await app.inject({
    method: call.method,
    url,
    headers,
    ...(sent === undefined ? {} : { payload: sent }),
  })
  const responseHeaders = new Headers()
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v))
  }
  const rawBytes = res.rawPayload
  const body =
    call.method === 'HEAD'
      ? undefined
      : await parse(
          responseHeaders.get('content-type'),
          async () => res.payload,
          async () =>
            rawBytes.buffer.slice(
              rawBytes.byteOffset,
              rawBytes.byteOffset + rawBytes.byteLength,
            ) as ArrayBuffer,
        )
  return {
    status: res.statusCode,
    ok: res.statusCode >= 200 && res.statusCode < 300,
    headers: responseHeaders,
    body,
  }
}
