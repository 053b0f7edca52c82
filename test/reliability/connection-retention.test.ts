// A kept-alive connection must not hold on to the requests it has answered (issue 12). arbor
// notes each connection's last response for closing; holding it after its headers went out
// kept one request graph per idle connection alive, and after clients dropped pipelined
// connections V8 began allocating node:http's per-request objects in the old generation: the
// server ran 25% slower from then on. Observed here through garbage collection: once answered,
// the response object is collectable while its connection stays open.
import assert from 'node:assert/strict'
import type { ServerResponse } from 'node:http'
import { connect } from 'node:net'
import { test } from 'node:test'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5 && ref.deref() !== undefined; i++) {
    // a WeakRef target is kept until the current job ends: let it end, then collect
    await new Promise((resolve) => setImmediate(resolve))
    gc()
  }
  return ref.deref() === undefined
}

for (const pipelined of [false, true]) {
  test(`an answered response is not held by its kept-alive connection (${pipelined ? 'pipelined' : 'one request'})`, {
    timeout: 10_000,
  }, async (t) => {
    const app = arbor()
    const refs: Array<WeakRef<ServerResponse>> = []
    app.post('/items', (request, reply) => {
      refs.push(new WeakRef(reply.raw))
      return { got: request.body }
    })
    const port = await listenLocal(app)
    t.after(() => app.close())
    const socket = connect(port, '127.0.0.1')
    t.after(() => socket.destroy())
    await new Promise((resolve) => socket.once('connect', resolve))
    let text = ''
    socket.setEncoding('latin1')
    const count = pipelined ? 3 : 1
    const answered = new Promise<void>((resolve) => {
      socket.on('data', (chunk: string) => {
        text += chunk
        if (text.split('HTTP/1.1 200').length - 1 === count) resolve()
      })
    })
    const body = '{"a":1}'
    const request = `POST /items HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`
    socket.write(request.repeat(count))
    await answered
    assert.equal(refs.length, count)
    assert.equal(socket.destroyed, false, 'the connection stays open')
    for (const ref of refs) assert.equal(await collected(ref), true, 'the response was collected')
  })
}
