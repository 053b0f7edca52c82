// Slow readers of large streamed replies (issue 27): a many-MB stream payload, node's Readable
// or a WHATWG ReadableStream, sent to a client that stops reading and then reads in small
// bursts. Backpressure must hold: the server reads from the source only what the connection
// accepts, so at every moment the bytes read from the source minus the bytes the socket
// handed to the kernel stay within a few chunks, whatever the payload's size. The kernel's own
// buffers are the operating system's, and are measured apart.
import assert from 'node:assert/strict'
import type { Socket } from 'node:net'
import { Readable } from 'node:stream'
import { ReadableStream } from 'node:stream/web'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { closed, eventually, open } from './app-faults-clients.ts'

const CHUNK = 64 * 1024
const TOTAL = 24 * 1024 * 1024
// One chunk, sent again and again: the test measures buffering, not allocation.
const BYTES = Buffer.alloc(CHUNK, 97)
// Read ahead of the socket allowed: the stream's and the response's buffers, a chunk each and
// then some. Unbounded read-ahead would reach TOTAL.
const READ_AHEAD_BOUND = 1024 * 1024
const READERS = 3

/** One streamed reply: how much the source gave, and the server's socket it went to. */
class Transfer {
  produced = 0
  socket: Socket | undefined
  maxReadAhead = 0

  /** Bytes taken from the source that the socket has not yet handed to the kernel. */
  readAhead(): number {
    const socket = this.socket
    if (socket === undefined) return 0
    // bytesWritten counts what node buffers too; writableLength is that part
    const accepted = socket.bytesWritten - socket.writableLength
    return this.produced - Math.max(0, accepted - HEAD_BYTES_MAX)
  }

  sample(): void {
    this.maxReadAhead = Math.max(this.maxReadAhead, this.readAhead())
  }
}
// The response head counts in bytesWritten; it is far smaller than this.
const HEAD_BYTES_MAX = 1024

function nodeSource(transfer: Transfer): Readable {
  return new Readable({
    read() {
      if (transfer.produced >= TOTAL) return void this.push(null)
      transfer.produced += CHUNK
      this.push(BYTES)
    },
  })
}

function webSource(transfer: Transfer): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (transfer.produced >= TOTAL) return controller.close()
        transfer.produced += CHUNK
        controller.enqueue(new Uint8Array(BYTES.buffer, BYTES.byteOffset, CHUNK))
      },
    },
    { highWaterMark: 1 },
  )
}

/** A client that reads the headers, stops, and is resumed by the test. */
async function slowReader(port: number, path: string) {
  const socket = await open(port)
  let received = 0
  socket.on('data', (chunk: Buffer) => (received += chunk.length))
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`)
  assert.equal(await eventually(() => received > 0), true, 'the answer started')
  socket.pause()
  return { socket, received: () => received }
}

/** Waits until `value` stops growing (the server is blocked on the paused client). */
async function stalled(value: () => number): Promise<boolean> {
  let last = -1
  let still = 0
  return eventually(() => {
    const now = value()
    still = now === last ? still + 1 : 0
    last = now
    return still >= 5
  }, 10_000)
}

for (const kind of ['node Readable', 'web ReadableStream'] as const) {
  test(`a ${TOTAL / 1024 / 1024} MiB ${kind} to ${READERS} slow readers is read only as fast as each one reads`, {
    timeout: 60_000,
  }, async (t) => {
    // a failed assertion must not leave close() waiting on the paused clients
    const app = arbor({ forceCloseConnections: true })
    const transfers: Transfer[] = []
    app.get('/big', (request, reply) => {
      const transfer = new Transfer()
      transfer.socket = request.raw.socket
      transfers.push(transfer)
      const source = kind === 'node Readable' ? nodeSource(transfer) : webSource(transfer)
      return reply.type('application/octet-stream').send(source)
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    t.after(() => app.close())
    const port = (app.server.address() as { port: number }).port
    const sampler = setInterval(() => {
      for (const transfer of transfers) transfer.sample()
    }, 2)
    t.after(() => clearInterval(sampler))

    const readers: Array<Awaited<ReturnType<typeof slowReader>>> = []
    for (let i = 0; i < READERS; i++) readers.push(await slowReader(port, '/big'))
    t.after(() => {
      for (const reader of readers) reader.socket.destroy()
    })
    // Paused clients: the sources stop once the connections' buffers are full.
    const producedTotal = () => transfers.reduce((sum, transfer) => sum + transfer.produced, 0)
    assert.equal(await stalled(producedTotal), true, 'the server stopped reading the sources')
    // How much a paused client's connection holds is the kernel's (loopback buffers grow to
    // several MiB, past 12 on some runs); what the server read beyond it is the read-ahead.
    for (const transfer of transfers) transfer.sample()
    // Slow reading: short bursts with pauses between them, then all of it.
    for (let burst = 0; burst < 20; burst++) {
      for (const reader of readers) reader.socket.resume()
      await new Promise((resolve) => setTimeout(resolve, 2))
      for (const reader of readers) reader.socket.pause()
      await new Promise((resolve) => setTimeout(resolve, 5))
      for (const transfer of transfers) transfer.sample()
    }
    for (const reader of readers) reader.socket.resume()
    const done = await eventually(
      () => readers.every((reader) => reader.received() > TOTAL),
      40_000,
    )
    assert.equal(done, true, 'every reader got the whole payload')
    for (const [i, transfer] of transfers.entries()) {
      assert.equal(transfer.produced, TOTAL)
      assert.ok(
        transfer.maxReadAhead <= READ_AHEAD_BOUND,
        `reader ${i}: ${transfer.maxReadAhead} bytes read ahead of the socket`,
      )
    }
    for (const reader of readers) {
      reader.socket.destroy()
      await closed(reader.socket)
    }
  })
}
