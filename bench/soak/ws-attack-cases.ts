// WebSocket attack cases against the HTTP/1.1 app's /ws route.
import WebSocket from 'ws'
import { BOUND_MS, type CaseResult } from './h2-attack-cases.ts'

function attack(
  port: number,
  run: (ws: WebSocket, stop: () => boolean, sent: (n: number) => void) => void,
): Promise<CaseResult> {
  return new Promise((done) => {
    const t0 = Date.now()
    let over = false
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
    const finish = (r: CaseResult): void => {
      if (over) return
      over = true
      ws.terminate()
      done(r)
    }
    ws.on('error', (e: Error) => finish({ cutMs: Date.now() - t0, note: `error ${e.message}` }))
    ws.on('close', (code: number) => finish({ cutMs: Date.now() - t0, note: `close ${code}` }))
    // All sent and flushed, then 1 s for the server to answer: not being cut is the server keeping up.
    const sent = (n: number): void => {
      const wait = (): void => {
        if (ws.bufferedAmount > 0) return void setTimeout(wait, 20)
        setTimeout(() => finish({ cutMs: null, note: `${n} sent, open` }), 1000)
      }
      wait()
    }
    ws.on('open', () => run(ws, () => over, sent))
    setTimeout(() => finish({ cutMs: null, note: 'open at bound' }), BOUND_MS)
  })
}

export const wsCases: Record<string, (port: number) => Promise<CaseResult>> = {
  messageFlood: (port) =>
    attack(port, (ws, stop, sent) => {
      let i = 0
      const go = (): void => {
        if (i >= 200_000) return sent(i)
        while (!stop() && i < 200_000) {
          ws.send('x'.repeat(32))
          i++
          if (ws.bufferedAmount > 4 * 1024 * 1024) return void setTimeout(go, 5)
        }
        if (i >= 200_000) sent(i)
      }
      go()
    }),
  oversized: (port) => attack(port, (ws) => ws.send(Buffer.alloc(2 * 1024 * 1024))),
  pingFlood: (port) =>
    attack(port, (ws, stop, sent) => {
      let i = 0
      const go = (): void => {
        if (i >= 200_000) return sent(i)
        while (!stop() && i < 200_000) {
          ws.ping()
          i++
          if (ws.bufferedAmount > 1024 * 1024) return void setTimeout(go, 5)
        }
        if (i >= 200_000) sent(i)
      }
      go()
    }),
}
