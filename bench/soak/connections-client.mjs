// One client process of `npm run bench:connections` (connections.ts):
// `connections-client.mjs <port> <h1|h2> <count>`. Opens <count> connections to 127.0.0.1,
// a few hundred at a time; each makes one request, reads the whole answer and then stays open
// and idle (HTTP/1.1 keep-alive, or an HTTP/2 session with its one stream done). Sends
// {opened, failed} over IPC; on 'close' resets every connection (no TIME_WAIT left behind)
// and exits.

import { connect as connectH2 } from 'node:http2'
import { connect } from 'node:net'

const [portText, protocol, countText] = process.argv.slice(2)
const port = Number(portText)
const count = Number(countText)
const BATCH = 200
const open = []
let failed = 0

function openH1() {
  return new Promise((done) => {
    const socket = connect({ port, host: '127.0.0.1' })
    let text = ''
    const fail = () => {
      failed++
      socket.destroy()
      done()
    }
    socket.setEncoding('latin1')
    socket.once('error', fail)
    socket.on('data', function read(chunk) {
      text += chunk
      const head = text.indexOf('\r\n\r\n')
      if (head === -1) return
      const length = /content-length: *(\d+)/i.exec(text.slice(0, head))
      if (length === null || text.length < head + 4 + Number(length[1])) return
      socket.off('data', read)
      socket.off('error', fail)
      socket.on('error', () => {})
      if (!text.startsWith('HTTP/1.1 200')) return fail()
      open.push(socket)
      done()
    })
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
  })
}

function openH2() {
  return new Promise((done) => {
    const session = connectH2(`http://127.0.0.1:${port}`)
    const fail = () => {
      failed++
      session.destroy()
      done()
    }
    session.once('error', fail)
    const stream = session.request({ ':path': '/' })
    let status = 0
    stream.on('response', (headers) => (status = headers[':status']))
    stream.on('error', fail)
    stream.resume()
    stream.on('end', () => {
      session.off('error', fail)
      session.on('error', () => {})
      if (status !== 200) return fail()
      open.push(session)
      done()
    })
    stream.end()
  })
}

const one = protocol === 'h2' ? openH2 : openH1
for (let started = 0; started < count; started += BATCH) {
  await Promise.all(Array.from({ length: Math.min(BATCH, count - started) }, one))
}
process.send({ opened: open.length, failed })

process.on('message', (message) => {
  if (message !== 'close') return
  for (const connection of open) {
    // an HTTP/2 session's socket may not be reset from outside: destroyed as it is
    if (protocol === 'h1' && typeof connection.resetAndDestroy === 'function') {
      connection.resetAndDestroy()
    } else connection.destroy()
  }
  setTimeout(() => process.exit(0), 100)
})
