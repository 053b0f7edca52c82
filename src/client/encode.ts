// What the client writes on the wire: the path with its params escaped, and the querystring
// as arbor reads it back (fast-querystring: repeated keys make an array, `+` is a space, so a
// value is percent-encoded whole). No dependency, and nothing of the server: it runs in browsers.

/** The path with each `:param` (and a trailing `*`) replaced by its escaped value. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  // `::` is a literal colon in find-my-way; a param name ends at `/`, `-`, `.` or its `(regex)`.
  const filled = path.replace(/(::)|:([^/:\-.(]+)(\([^)]*\))?/g, (_whole, colons, name: string) => {
    if (colons !== undefined) return ':'
    const value = params?.[name]
    if (value === undefined || value === null) {
      throw new TypeError(`arbor client: no value for path parameter '${name}' of ${path}`)
    }
    return encodeURIComponent(String(value))
  })
  const star = filled.indexOf('*')
  if (star === -1) return filled
  const rest = params?.['*']
  const value = rest === undefined || rest === null ? '' : String(rest)
  // A wildcard may span segments: each segment is escaped, the slashes kept.
  return filled.slice(0, star) + value.split('/').map(encodeURIComponent).join('/')
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString()
  if (value === null) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** `?a=1&tag=x&tag=y`, or '' when there is nothing to send; `undefined` values are left out. */
export function querystring(query: Record<string, unknown> | undefined): string {
  if (query === undefined) return ''
  const pairs: string[] = []
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value]
    for (const item of values) {
      if (item === undefined) continue
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(scalar(item))}`)
    }
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`
}

/** A body and the content-type it goes with: JSON unless it is already bytes, text or a form. */
export function encodeBody(body: unknown): {
  payload: RequestInit['body'] | undefined
  type?: string
} {
  if (body === undefined) return { payload: undefined }
  if (typeof body === 'string') return { payload: body, type: 'text/plain; charset=utf-8' }
  if (
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    body instanceof URLSearchParams ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  ) {
    // fetch sets the content-type of a form, a Blob and URLSearchParams itself
    return { payload: body as RequestInit['body'] }
  }
  return { payload: JSON.stringify(body), type: 'application/json' }
}

/** Header values as strings, `undefined` left out, names lower-cased (later ones win). */
export function headerRecord(...sources: Array<Record<string, unknown> | undefined>) {
  const out: Record<string, string> = {}
  for (const source of sources) {
    if (source === undefined) continue
    for (const [name, value] of Object.entries(source)) {
      if (value === undefined) continue
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    }
  }
  return out
}
