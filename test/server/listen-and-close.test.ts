import assert from 'node:assert/strict'
import http from 'node:http'
import net from 'node:net'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

/** A promise with its resolve function exposed, to hold a handler until a test lets it go. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

/** GET over a given agent; resolves with status, body, and the local port of the socket used. */
function get(
  url: string,
  agent?: http.Agent,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      const localPort = res.socket.localPort ?? -1
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers, localPort }),
      )
    })
    req.on('error', reject)
  })
}

/**
 * Writes raw HTTP/1.1 text on one socket and collects everything the server answers
 * until it closes the connection.
 */
function rawSocket(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    received += chunk
  })
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
  })
  return { socket, ended }
}

describe('listen', () => {
  test('What the service does 6: listen({ port: 0, host }) resolves the address of a free port and serves over HTTP', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => ({ hello: 'world' }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const bound = app.server.address()
    assert.ok(bound !== null && typeof bound === 'object')
    assert.ok(bound.port > 0)
    assert.equal(address, `http://127.0.0.1:${bound.port}`)
    const res = await fetch(`${address}/`)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8')
    assert.deepEqual(await res.json(), { hello: 'world' })
  })

  test('What the service does 6: listen with a callback receives (err, address)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => 'hi')
    const address = await new Promise<string>((resolve, reject) => {
      app.listen({ port: 0, host: '127.0.0.1' }, (err, addr) => (err ? reject(err) : resolve(addr)))
    })
    assert.match(address, /^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await fetch(address)
    assert.equal(res.status, 200)
    assert.equal(await res.text(), 'hi')
  })

  test('listen honours backlog', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const address = await app.listen({ port: 0, host: '127.0.0.1', backlog: 5 })
    assert.match(address, /^http:\/\/127\.0\.0\.1:\d+$/)
  })

  test('addresses() lists the bound address; server is the node http.Server', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    assert.ok(app.server instanceof http.Server)
    const bound = app.server.address()
    assert.ok(bound !== null && typeof bound === 'object')
    assert.deepEqual(app.addresses(), [{ address: '127.0.0.1', family: 'IPv4', port: bound.port }])
  })

  test('listen on a port already in use rejects with EADDRINUSE', async (t) => {
    const first = arbor()
    const second = arbor()
    t.after(() => Promise.all([first.close(), second.close()]))
    await first.listen({ port: 0, host: '127.0.0.1' })
    const bound = first.server.address()
    assert.ok(bound !== null && typeof bound === 'object')
    await assert.rejects(second.listen({ port: bound.port, host: '127.0.0.1' }), {
      code: 'EADDRINUSE',
    })
  })

  test('a listening server keeps a connection alive across requests', async (t) => {
    const app = arbor()
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    t.after(async () => {
      agent.destroy()
      await app.close()
    })
    app.get('/', async () => ({ ok: true }))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    let connections = 0
    app.server.on('connection', () => {
      connections++
    })
    const first = await get(`${address}/`, agent)
    const second = await get(`${address}/`, agent)
    assert.equal(first.status, 200)
    assert.equal(second.status, 200)
    assert.equal(first.headers.connection, 'keep-alive')
    assert.equal(first.localPort, second.localPort)
    assert.equal(connections, 1)
  })
})

describe('ready', () => {
  test('ready() returns a promise of the instance', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const result = await app.ready()
    assert.equal(result, app)
  })

  test('ready(callback) calls back with no error once plugins are loaded', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    let loaded = false
    app.register(async () => {
      await new Promise((resolve) => setImmediate(resolve))
      loaded = true
    })
    const err = await new Promise((resolve) => app.ready(resolve))
    assert.equal(err, null)
    assert.equal(loaded, true)
  })

  test('ready() rejects with the error of a failing plugin', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async () => {
      throw new Error('plugin failed')
    })
    await assert.rejects(app.ready(), { message: 'plugin failed' })
  })
})

describe('close', () => {
  test('close() returns a promise; afterwards the port no longer accepts connections', async () => {
    const app = arbor()
    app.get('/', async () => 'hi')
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    assert.equal((await fetch(address)).status, 200)
    await app.close()
    assert.equal(app.server.listening, false)
    await assert.rejects(fetch(address))
  })

  test('close(callback) calls back once the server is closed', async () => {
    const app = arbor()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const err = await new Promise((resolve) => app.close(resolve))
    assert.ok(err === null || err === undefined)
    assert.equal(app.server.listening, false)
  })

  test('close() resolves even when a client keeps an idle keep-alive connection open', async () => {
    const app = arbor()
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      app.get('/', async () => 'hi')
      const address = await app.listen({ port: 0, host: '127.0.0.1' })
      const res = await get(`${address}/`, agent)
      assert.equal(res.status, 200)
      await app.close()
      assert.equal(app.server.listening, false)
    } finally {
      agent.destroy()
    }
  })

  test('close() with a request in flight: the request completes, then close resolves', async () => {
    const app = arbor()
    const entered = gate()
    const release = gate()
    const events: string[] = []
    app.get('/slow', async () => {
      entered.open()
      await release.opened
      return { done: true }
    })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    // The server's side of the order: close() now ends the kept-alive connection as soon as
    // the response has gone, so the client may read it after close() resolved.
    app.server.on('request', (_req, res: http.ServerResponse) => {
      res.on('finish', () => events.push('response'))
    })
    const response = get(`${address}/slow`)
    await entered.opened
    const closed = app.close().then(() => {
      events.push('closed')
    })
    // close must wait for the handler: give it every chance to resolve early
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.deepEqual(events, [])
    release.open()
    const res = await response
    await closed
    assert.equal(res.status, 200)
    assert.deepEqual(JSON.parse(res.body), { done: true })
    assert.deepEqual(events, ['response', 'closed'])
    assert.equal(app.server.listening, false)
  })

  test('return503OnClosing: a request arriving on a kept-alive socket while closing gets 503', async () => {
    const app = arbor({ return503OnClosing: true })
    const entered = gate()
    const release = gate()
    let handled = 0
    app.get('/slow', async () => {
      handled++
      entered.open()
      await release.opened
      return 'first'
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const secondArrived = gate()
    let arrived = 0
    app.server.prependListener('request', () => {
      if (++arrived === 2) secondArrived.open()
    })
    const bound = app.server.address()
    assert.ok(bound !== null && typeof bound === 'object')
    const { socket, ended } = rawSocket(bound.port)
    socket.write('GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await entered.opened
    const closed = app.close()
    // a second, pipelined request on the same kept-alive connection, after close started
    socket.write('GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await secondArrived.opened
    release.open()
    await closed
    const text = await ended
    const responses = text.split(/(?=HTTP\/1\.1 )/)
    assert.equal(responses.length, 2)
    assert.match(responses[0] ?? '', /^HTTP\/1\.1 200 OK\r\n/)
    assert.match(responses[0] ?? '', /\r\n\r\nfirst$/)
    assert.match(responses[1] ?? '', /^HTTP\/1\.1 503 Service Unavailable\r\n/)
    assert.match(responses[1] ?? '', /\r\nconnection: close\r\n/i)
    assert.match(responses[1] ?? '', /\r\ncontent-type: application\/json/i)
    const body = (responses[1] ?? '').split('\r\n\r\n')[1] ?? ''
    assert.deepEqual(JSON.parse(body), {
      error: 'Service Unavailable',
      message: 'Service Unavailable',
      statusCode: 503,
    })
    assert.equal(handled, 1)
  })

  test('forceCloseConnections: true destroys connections still in use when closing', async () => {
    const app = arbor({ forceCloseConnections: true })
    const entered = gate()
    app.get('/hang', async () => {
      entered.open()
      await new Promise(() => {})
    })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const response = get(`${address}/hang`)
    await entered.opened
    await app.close()
    await assert.rejects(response, (err: Error & { code?: string }) => {
      assert.ok(
        ['ECONNRESET', 'UND_ERR_SOCKET'].includes(String(err.code)) || /hang up/.test(err.message),
      )
      return true
    })
  })
})

test('listen(options, cb) after close(): the callback gets FST_ERR_REOPENED_CLOSE_SERVER', async () => {
  const app = arbor()
  await app.listen({ port: 0, host: '127.0.0.1' })
  await app.close()
  const err = await new Promise<Error & { code?: string }>((resolve) => {
    app.listen({ port: 0, host: '127.0.0.1' }, (e) => resolve(e as Error & { code?: string }))
  })
  assert.equal(err.code, 'FST_ERR_REOPENED_CLOSE_SERVER')
})
