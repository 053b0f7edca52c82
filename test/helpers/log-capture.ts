import { Writable } from 'node:stream'

/** A Writable to pass as `logger.stream`, and the JSON log lines it has parsed so far. */
export function captureLogs<Line = Record<string, unknown>>(): { lines: Line[]; stream: Writable } {
  const lines: Line[] = []
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Line)
      }
      callback()
    },
  })
  return { lines, stream }
}
