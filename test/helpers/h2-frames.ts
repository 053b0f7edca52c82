// HTTP/2 frames written by hand on a plain socket, for the clients node's own http2 client
// refuses to be: one that opens more streams than the server allows, or resets them as fast
// as it opens them. Only what those tests need: HPACK literals without indexing, no padding.
import net from 'node:net'

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n')

export const FRAME = {
  DATA: 0,
  HEADERS: 1,
  RST_STREAM: 3,
  SETTINGS: 4,
  PING: 6,
  GOAWAY: 7,
  WINDOW_UPDATE: 8,
} as const

export interface Frame {
  type: number
  flags: number
  streamId: number
  payload: Buffer
}

export function frame(type: number, flags: number, streamId: number, payload = Buffer.alloc(0)) {
  const head = Buffer.alloc(9)
  head.writeUIntBE(payload.length, 0, 3)
  head[3] = type
  head[4] = flags
  head.writeUInt32BE(streamId & 0x7fffffff, 5)
  return Buffer.concat([head, payload])
}

function literal(nameIndex: number, value: string): Buffer {
  // literal header field without indexing, indexed name (RFC 7541 6.2.2), index < 15
  const bytes = Buffer.from(value)
  if (bytes.length > 126) throw new Error('header value too long for this helper')
  return Buffer.concat([Buffer.from([nameIndex, bytes.length]), bytes])
}

/** A HEADERS frame (END_HEADERS, and END_STREAM: a GET) for `path` on `streamId`. */
export function getRequest(streamId: number, path: string): Buffer {
  const block = Buffer.concat([
    Buffer.from([0x82, 0x86]), // :method GET, :scheme http
    literal(4, path),
    literal(1, 'localhost'),
  ])
  return frame(FRAME.HEADERS, 0x5, streamId, block)
}

export function rstStream(streamId: number, code: number): Buffer {
  const payload = Buffer.alloc(4)
  payload.writeUInt32BE(code)
  return frame(FRAME.RST_STREAM, 0, streamId, payload)
}

export function ping(data: number): Buffer {
  const payload = Buffer.alloc(8)
  payload.writeUInt32BE(data, 4)
  return frame(FRAME.PING, 0, 0, payload)
}

/** A client on a raw socket: the preface and an empty SETTINGS sent, the frames it receives parsed. */
export class RawH2Client {
  readonly socket: net.Socket
  readonly frames: Frame[] = []
  closed = false
  private buffered = Buffer.alloc(0)
  private waiters: Array<() => void> = []

  private constructor(socket: net.Socket) {
    this.socket = socket
    socket.on('data', (chunk: Buffer) => this.take(chunk))
    socket.on('error', () => {})
    socket.on('close', () => {
      this.closed = true
      this.wake()
    })
  }

  static connect(port: number): Promise<RawH2Client> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(Buffer.concat([PREFACE, frame(FRAME.SETTINGS, 0, 0)]))
        resolve(new RawH2Client(socket))
      })
      socket.once('error', reject)
    })
  }

  write(data: Buffer): boolean {
    return !this.socket.destroyed && this.socket.write(data)
  }

  /** Resolves once `check` holds (checked at every frame and at close), or after `ms`. */
  until(check: () => boolean, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), ms)
      const done = (held: boolean) => {
        clearTimeout(timer)
        this.waiters = this.waiters.filter((w) => w !== test)
        resolve(held)
      }
      const test = () => {
        if (check()) done(true)
      }
      this.waiters.push(test)
      test()
    })
  }

  of(type: number): Frame[] {
    return this.frames.filter((f) => f.type === type)
  }

  /** The error code of the first GOAWAY received, if any. */
  goawayCode(): number | undefined {
    const goaway = this.of(FRAME.GOAWAY)[0]
    return goaway?.payload.readUInt32BE(4)
  }

  destroy(): void {
    this.socket.destroy()
  }

  private take(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk])
    while (this.buffered.length >= 9) {
      const length = this.buffered.readUIntBE(0, 3)
      if (this.buffered.length < 9 + length) break
      const f: Frame = {
        type: this.buffered[3] as number,
        flags: this.buffered[4] as number,
        streamId: this.buffered.readUInt32BE(5) & 0x7fffffff,
        payload: this.buffered.subarray(9, 9 + length),
      }
      this.buffered = this.buffered.subarray(9 + length)
      // settings from the server are acknowledged, as every client must
      if (f.type === FRAME.SETTINGS && (f.flags & 1) === 0) this.write(frame(FRAME.SETTINGS, 1, 0))
      this.frames.push(f)
    }
    this.wake()
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter()
  }
}
