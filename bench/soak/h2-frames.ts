// Hand-written HTTP/2 frames for cases node's http2 client refuses to send.
export const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n')
export const T = { DATA: 0, HEADERS: 1, RST: 3, SETTINGS: 4, PING: 6, GOAWAY: 7, CONT: 9 } as const

export function frame(
  type: number,
  flags: number,
  stream: number,
  payload: Buffer = Buffer.alloc(0),
): Buffer {
  const h = Buffer.alloc(9)
  h.writeUIntBE(payload.length, 0, 3)
  h[3] = type
  h[4] = flags
  h.writeUInt32BE(stream & 0x7fffffff, 5)
  return Buffer.concat([h, payload])
}

function hpackInt(value: number, prefixBits: number, first: number): number[] {
  const max = (1 << prefixBits) - 1
  if (value < max) return [first | value]
  const out = [first | max]
  let v = value - max
  while (v >= 128) {
    out.push((v % 128) + 128)
    v = Math.floor(v / 128)
  }
  out.push(v)
  return out
}

/** Literal header field without indexing, new name (0x00 prefix). */
export function literal(name: string, value: string): Buffer {
  const n = Buffer.from(name)
  const v = Buffer.from(value)
  return Buffer.concat([
    Buffer.from([0x00]),
    Buffer.from(hpackInt(n.length, 7, 0)),
    n,
    Buffer.from(hpackInt(v.length, 7, 0)),
    v,
  ])
}

export function requestBlock(path = '/'): Buffer {
  return Buffer.concat([
    literal(':method', 'GET'),
    literal(':scheme', 'http'),
    literal(':path', path),
    literal(':authority', '127.0.0.1'),
  ])
}

export const settingsFrame = (ack = false): Buffer => frame(T.SETTINGS, ack ? 1 : 0, 0)
export const pingFrame = (): Buffer => frame(T.PING, 0, 0, Buffer.alloc(8))
export const rstFrame = (id: number): Buffer => frame(T.RST, 0, id, Buffer.from([0, 0, 0, 8]))

/** Reads frame types off a socket; calls back on GOAWAY. */
export function onFrames(
  buf: { b: Buffer },
  chunk: Buffer,
  cb: (type: number, flags: number, payload: Buffer) => void,
): void {
  buf.b = buf.b.length ? Buffer.concat([buf.b, chunk]) : chunk
  while (buf.b.length >= 9) {
    const len = buf.b.readUIntBE(0, 3)
    if (buf.b.length < 9 + len) return
    cb(buf.b[3] as number, buf.b[4] as number, buf.b.subarray(9, 9 + len))
    buf.b = buf.b.subarray(9 + len)
  }
}
