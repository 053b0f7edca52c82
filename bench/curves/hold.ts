// A keep-alive load process for the connections curve: `node hold.js <port> <connections> <path>
// <body>`. Opens every connection first (in batches, so the server's accept queue holds them) and
// says so on stdout; then, on each `go <seconds>` line from stdin, keeps one GET in flight on each
// connection for that long and prints the responses completed. Connecting is thus outside the
// measured window: what the window measures is serving requests while N connections are open.
// autocannon connects inside its window, and at 10,000 connections on a loaded machine its
// window ends before the connections are up.
import { connect, type Socket } from 'node:net'
import { createInterface } from 'node:readline'

const [portText = '', countText = '', path = '/', body = ''] = process.argv.slice(2)
const port = Number(portText)
const count = Number(countText)
const request = Buffer.from(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`)
const BATCH = 500

let running = false
let completed = 0
let errors = 0
const sockets: Socket[] = []

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.setNoDelay(true)
    // Each response ends with the known body: one request in flight per connection.
    let tail = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      tail = (tail + chunk).slice(-body.length - 8)
      if (!tail.endsWith(body)) return
      tail = ''
      completed++
      if (running) socket.write(request)
    })
    socket.once('connect', () => resolve(socket))
    socket.on('error', (error) => {
      errors++
      reject(error)
    })
  })
}

for (let i = 0; i < count; i += BATCH) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(BATCH, count - i) }, () => open().catch(() => null)),
  )
  for (const s of batch) if (s) sockets.push(s)
}
process.stdout.write(`${JSON.stringify({ connected: sockets.length, errors })}\n`)

for await (const line of createInterface({ input: process.stdin })) {
  const [command, secondsText] = line.trim().split(' ')
  if (command !== 'go') break
  completed = 0
  errors = 0
  running = true
  const started = process.hrtime.bigint()
  for (const s of sockets) s.write(request)
  await new Promise((resolve) => setTimeout(resolve, Number(secondsText) * 1000))
  running = false
  // Let the requests in flight finish, so the next window starts from idle connections; the
  // window (and the server CPU the runner reads over it) includes this drain.
  await new Promise((resolve) => setTimeout(resolve, 300))
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  process.stdout.write(`${JSON.stringify({ requests: completed, seconds, errors })}\n`)
}
for (const s of sockets) s.destroy()
process.exit(0)
